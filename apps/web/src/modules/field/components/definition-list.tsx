import { DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { decodeFieldPermission, fieldFormCalls, type FieldDefinitionRow, type FieldForm } from '@juqi/contract';
import { App, Button, Empty, Tag, Tooltip, Typography } from 'antd';
import { Fragment, useRef } from 'react';
import { DeleteButton } from '../../../components/delete-button';
import { commonMessages } from '../../../components/messages';
import { useCallMutation } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useSortDefinitions } from '../api/definitions';
import { definitionReads } from '../api/keys';
import { fieldMessages, fieldTypeNames } from '../messages';

interface DefinitionListProps {
  fieldForm: FieldForm;
  definitions: readonly FieldDefinitionRow[];
  /** The staff may change the fields: drag handles, 编辑 and 删除 show. */
  editable: boolean;
  onEdit: (definition: FieldDefinitionRow) => void;
}

/**
 * The form's fields in their order: label, key, type and flags, with 编辑 and 删除. A handle drags a field to another
 * place, by pointer or by keyboard (Space, arrows, Space); the new order is saved at once and shows before the answer.
 */
export function DefinitionList({ fieldForm, definitions, editable, onEdit }: DefinitionListProps) {
  const t = useMessages(fieldMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const sort = useSortDefinitions(fieldForm);
  const sensors = useSensors(
    // A click on the handle is not a drag: the pointer must move first.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = definitions.map((definition) => definition.id);
  const nameOf = (id: UniqueIdentifier) => definitions.find((definition) => definition.id === id)?.label[language] ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  // Where the moved field was last said to be: the place it is picked up at is said by the pick-up alone.
  const said = useRef<UniqueIdentifier | null>(null);
  // What a screen reader says while a field is moved, in the UI's language.
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      said.current = active.id;
      return format(t.dragPicked, { name: nameOf(active.id), position: positionOf(active.id) });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === said.current) return undefined;
      said.current = over.id;
      return format(t.dragOver, { name: nameOf(active.id), position: positionOf(over.id) });
    },
    onDragEnd: ({ active, over }) => format(t.dragDropped, { name: nameOf(active.id), position: positionOf(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => format(t.dragCancelled, { name: nameOf(active.id) }),
  };

  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const order = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    sort.mutate(order, { onSuccess: () => void message.success(t.sortSaved) });
  };

  if (!definitions.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noFields} />;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={drop} accessibility={{ announcements, screenReaderInstructions: { draggable: t.dragInstructions } }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!editable}>
        <ul className="field-definitions" aria-label={t.definitions}>
          {definitions.map((definition) => (
            <DefinitionItem key={definition.id} fieldForm={fieldForm} definition={definition} editable={editable} onEdit={onEdit} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function DefinitionItem({ fieldForm, definition, editable, onEdit }: { fieldForm: FieldForm; definition: FieldDefinitionRow; editable: boolean; onEdit: (definition: FieldDefinitionRow) => void }) {
  const t = useMessages(fieldMessages);
  const c = useMessages(commonMessages);
  const names = useMessages(fieldTypeNames);
  const language = usePreferences((s) => s.language);
  const remove = useCallMutation(fieldFormCalls[fieldForm].definitionDel, definitionReads(fieldForm));
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: definition.id });
  const label = definition.label[language];
  const deletable = decodeFieldPermission(definition.permission).deleteEdit;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'field-definition-item field-definition-item--dragging' : 'field-definition-item'}
    >
      {editable && (
        <button type="button" ref={setActivatorNodeRef} className="field-definition-item__handle" {...attributes} {...listeners} aria-label={format(t.dragHandle, { name: label })}>
          <HolderOutlined aria-hidden />
        </button>
      )}
      <div className="field-definition-item__main">
        <div className="field-definition-item__title">
          <Typography.Text strong>{label}</Typography.Text>
          <Typography.Text type="secondary" code>
            {/* A long key wraps after an underscore (customer_ / resources), never inside a word. */}
            {definition.key.split('_').map((part, index) => (
              <Fragment key={index}>
                {index > 0 && (
                  <>
                    _<wbr />
                  </>
                )}
                {part}
              </Fragment>
            ))}
          </Typography.Text>
        </div>
        <div className="field-definition-item__tags">
          <Tag color="blue">{names[definition.type]}</Tag>
          {definition.required && <Tag color="red">{t.required}</Tag>}
          {definition.unique && <Tag color="purple">{t.unique}</Tag>}
          {definition.hidden && <Tag>{t.hidden}</Tag>}
        </div>
      </div>
      {editable && (
        <div className="field-definition-item__actions">
          <Button type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(definition)}>
            {c.edit}
          </Button>
          {deletable ? (
            <DeleteButton confirm={format(t.deleteField, { name: label })} onDelete={() => remove.mutateAsync({ id: definition.id })} />
          ) : (
            <Tooltip title={t.systemNoDelete}>
              <Button type="link" size="small" danger icon={<DeleteOutlined aria-hidden />} disabled>
                {c.delete}
              </Button>
            </Tooltip>
          )}
        </div>
      )}
    </li>
  );
}
