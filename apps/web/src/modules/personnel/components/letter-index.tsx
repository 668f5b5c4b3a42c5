import { INDEX_LETTERS, personnelCalls, type IndexLetter } from '@juqi/contract';
import { Popover, Typography } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { personnelMessages } from '../messages';

/**
 * The address book's letter index (A–Z, #) of staff in office. A letter without people is greyed; clicking one lists
 * its people beside it, and clicking a person opens their record.
 */
export function LetterIndex({ onOpen }: { onOpen: (id: number) => void }) {
  const t = useMessages(personnelMessages);
  const letters = useCallQuery(personnelCalls.letterIndex, {});
  const [open, setOpen] = useState<IndexLetter | null>(null);
  const groups = new Map(letters.data?.map((group) => [group.letter, group.items]));
  return (
    <nav className="staff-letters" aria-label={t.letterIndex}>
      {INDEX_LETTERS.map((letter) => {
        const people = groups.get(letter) ?? [];
        return (
          <Popover
            key={letter}
            open={open === letter}
            onOpenChange={(next) => setOpen(next ? letter : null)}
            trigger="click"
            placement="rightTop"
            title={format(t.letterPeople, { letter, count: people.length })}
            content={
              <div className="staff-letters__people">
                <Typography.Text type="secondary" className="staff-letters__hint">
                  {t.letterHint}
                </Typography.Text>
                <ul aria-label={format(t.letterPeople, { letter, count: people.length })}>
                  {people.map((person) => (
                    <li key={person.id}>
                      <button
                        type="button"
                        className="staff-letters__person"
                        onClick={() => {
                          setOpen(null);
                          onOpen(person.id);
                        }}
                      >
                        <span className="staff-letters__name">{person.name}</span>
                        <span className="cell-muted">{[person.department_name, person.post].filter(Boolean).join(' · ')}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            }
          >
            <button type="button" className="staff-letters__letter" disabled={people.length === 0} aria-label={format(t.letterPeople, { letter, count: people.length })}>
              {letter}
            </button>
          </Popover>
        );
      })}
    </nav>
  );
}
