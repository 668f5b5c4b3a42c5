import { defineMessages } from '../../lib/i18n';

export const keywordMessages = defineMessages({
  'zh-CN': {
    import: '导入 Excel',
    importTitle: '导入关键词',
    importHint:
      '按导入模板的表头填写：关键词、关键词类型（须为已启用的类型）、所属行业（可不填；有同名行业时写作“上级行业/行业”）、备注。每个文件最多 {rows} 行、{mb} MB。类型下已有的关键词计为无变化；任何一行有误则整个文件不导入。',
    importDone: '导入完成：新增 {added} 个关键词，{unchanged} 个已存在',
    trendTitle: '指数趋势（{period}）',
    trendHint: '按关键词筛选后，这里显示该关键词的指数趋势；周期未选时按日显示。',
    trendEmpty: '该关键词在此周期还没有指数',
    trendOf: '查看趋势',
    indexImportTitle: '导入指数',
    indexImportHint:
      '按导入模板的表头填写：关键词（须在总关键词库中；同一词属于多个类型时填写关键词类型）、周期（日、周或月）、周期开始（如 2026-12-07；周从周一、月从 1 日开始）、指数（整数）、来源。每个文件最多 {rows} 行、{mb} MB。已有的指数有变化时更新；任何一行有误则整个文件不导入。',
    indexImportDone: '导入完成：新增 {added} 条，更新 {updated} 条，{unchanged} 条无变化',
  },
  'en-US': {
    import: 'Import from Excel',
    importTitle: 'Import keywords',
    importHint:
      'Use the template’s headers: keyword, type (a type switched on), industry (optional; where two industries share a name, write parent/industry) and remark. At most {rows} rows and {mb} MB per file. A keyword its type holds already counts as unchanged; if any row is refused, nothing in the file is imported.',
    importDone: 'Imported: {added} keywords added, {unchanged} already there',
    trendTitle: 'Index trend ({period})',
    trendHint: 'Filter by a keyword to see its index trend here; by day unless a period is chosen.',
    trendEmpty: 'The keyword has no index for this period yet',
    trendOf: 'Show the trend',
    indexImportTitle: 'Import index values',
    indexImportHint:
      'Use the template’s headers: keyword (in the master library; give its type where the word is of several), period (day, week or month), period start (such as 2026-12-07; a week starts on a Monday, a month on its 1st), index (a whole number) and source. At most {rows} rows and {mb} MB per file. A value kept already is updated where it differs; if any row is refused, nothing in the file is imported.',
    indexImportDone: 'Imported: {added} added, {updated} updated, {unchanged} unchanged',
  },
});
