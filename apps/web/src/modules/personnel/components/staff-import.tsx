import { personnelCalls, STAFF_IMPORT_MAX_BYTES, STAFF_IMPORT_MAX_ROWS, type StaffImportResult } from '@juqi/contract';
import { WorkbookImportButton } from '../../../components/workbook-import';
import { defineMessages, format, useMessages } from '../../../lib/i18n';

const importMessages = defineMessages({
  'zh-CN': {
    import: '导入 Excel',
    title: '导入员工',
    hint: '按导出文件或导入模板的表头填写，每个文件最多 {rows} 行、{mb} MB。身份证号（没有时按手机号）与已有员工相同的行更新该员工有变化的信息，其余行新增；任何一行有误则整个文件不导入。',
    done: '导入完成：新增 {added} 人，更新 {updated} 人，{unchanged} 人无变化',
  },
  'en-US': {
    import: 'Import from Excel',
    title: 'Import staff',
    hint: 'Use the headers of an export or of the template; at most {rows} rows and {mb} MB per file. A row whose ID card (or, without one, mobile) matches a record updates what differs in it; other rows are added. If any row is refused, nothing in the file is imported.',
    done: 'Imported: {added} added, {updated} updated, {unchanged} unchanged',
  },
});

/**
 * 导入 Excel on the staff list (docs/personnel.md › Import and export): the shared workbook import in a dialog, for
 * holders of personnel.import.
 */
export function StaffImportButton({ onImported }: { onImported?: (result: StaffImportResult) => void }) {
  const t = useMessages(importMessages);
  return (
    <WorkbookImportButton
      operation="personnel.import"
      label={t.import}
      title={t.title}
      call={personnelCalls.import}
      template={{ call: personnelCalls.importTemplate, fallbackName: 'staff-import-template.xlsx' }}
      maxBytes={STAFF_IMPORT_MAX_BYTES}
      hint={format(t.hint, { rows: STAFF_IMPORT_MAX_ROWS, mb: STAFF_IMPORT_MAX_BYTES / 1024 / 1024 })}
      done={(result) => format(t.done, { ...result })}
      onImported={onImported}
    />
  );
}
