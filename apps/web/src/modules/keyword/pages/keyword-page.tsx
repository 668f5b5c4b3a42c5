import { keyword, keywordCalls, KEYWORD_IMPORT_MAX_BYTES, KEYWORD_IMPORT_MAX_ROWS } from '@juqi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ResourcePage } from '../../../components/resource/resource-page';
import { WorkbookImportButton } from '../../../components/workbook-import';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { resourceKeys } from '../../../lib/resource';
import { keywordMessages } from '../messages';

/** 导入 Excel beside 新增, for holders of keyword.keyword.import. */
function KeywordImportButton() {
  const t = useMessages(keywordMessages);
  const language = usePreferences((s) => s.language);
  const client = useQueryClient();
  return (
    <WorkbookImportButton
      operation="keyword.keyword.import"
      label={t.import}
      title={t.importTitle}
      call={keywordCalls.import}
      template={{ call: keywordCalls.importTemplate, fallbackName: 'keyword-import-template.xlsx' }}
      maxBytes={KEYWORD_IMPORT_MAX_BYTES}
      hint={format(t.importHint, { rows: KEYWORD_IMPORT_MAX_ROWS.toLocaleString(language), mb: KEYWORD_IMPORT_MAX_BYTES / 1024 / 1024 })}
      done={(result) => format(t.importDone, { ...result })}
      onImported={() => void client.invalidateQueries({ queryKey: resourceKeys(keyword).all })}
    />
  );
}

/** 总关键词库's keywords (docs/publishing.md › Keyword library): the declared list, with the workbook import. */
export function KeywordPage() {
  return <ResourcePage resource={keyword} options={{ tools: <KeywordImportButton /> }} />;
}
