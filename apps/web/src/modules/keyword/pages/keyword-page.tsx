import { UploadOutlined } from '@ant-design/icons';
import { keyword, keywordCalls, KEYWORD_IMPORT_MAX_BYTES, KEYWORD_IMPORT_MAX_ROWS } from '@juqi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { ResourcePage } from '../../../components/resource/resource-page';
import { WorkbookImport } from '../../../components/workbook-import';
import { format, useMessages } from '../../../lib/i18n';
import { resourceKeys } from '../../../lib/resource';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { keywordMessages } from '../messages';

/** 导入 Excel beside 新增, for holders of keyword.keyword.import: the shared workbook import in a dialog. */
function KeywordImportButton() {
  const t = useMessages(keywordMessages);
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!can('keyword.keyword.import')) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t.import}
      </Button>
      <Modal open={open} title={t.importTitle} onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden>
        <WorkbookImport
          call={keywordCalls.import}
          template={{ call: keywordCalls.importTemplate, fallbackName: 'keyword-import-template.xlsx' }}
          maxBytes={KEYWORD_IMPORT_MAX_BYTES}
          hint={format(t.importHint, { rows: KEYWORD_IMPORT_MAX_ROWS.toLocaleString(language), mb: KEYWORD_IMPORT_MAX_BYTES / 1024 / 1024 })}
          done={(result) => format(t.importDone, { ...result })}
          onImported={() => void client.invalidateQueries({ queryKey: resourceKeys(keyword).all })}
        />
      </Modal>
    </>
  );
}

/** 总关键词库's keywords (docs/publishing.md › Keyword library): the declared list, with the workbook import. */
export function KeywordPage() {
  return <ResourcePage resource={keyword} options={{ tools: <KeywordImportButton /> }} />;
}
