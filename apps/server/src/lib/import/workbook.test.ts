import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { expandingWorkbook, padded, row, sharedStringsXml, sheetXml, xlsxOf, zipOf, type ZipEntry } from '../../../test/helpers/xlsx';
import { AppError } from '../errors';
import { DEFAULT_WORKBOOK_LIMITS } from './limits';
import { cellText, readWorkbook, type WorkbookRow } from './workbook';

const MB = 1024 * 1024;
const ROWS = `${row(1, ['姓名', '手机号'])}${row(2, ['张三', '13900000001'])}`;
/** The sheet of ROWS with these merged ranges. */
const merged = (ranges: string) => sheetXml(ROWS).replace('</sheetData>', `</sheetData><mergeCells>${ranges}</mergeCells>`);
const plain = (rows: readonly WorkbookRow[]) => rows.map((r) => [r.number, [...r.cells].map(cellText)]);

/** The refusal a workbook gets: 40000 naming `file`, with its message in both languages. */
async function refusal(file: Buffer, limits?: Parameters<typeof readWorkbook>[1]) {
  const error = await readWorkbook(file, limits).then(
    () => expect.unreachable('the workbook was read'),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, data, refused } = error as AppError;
  expect({ code, data, fields: refused.map((r) => r.field) }).toEqual({ code: 40000, data: { field: 'file' }, fields: ['file'] });
  return refused[0]!.text;
}

describe('the zip around the workbook', () => {
  it('refuses more entries than the limit, before reading any', async () => {
    const pictures: ZipEntry[] = Array.from({ length: DEFAULT_WORKBOOK_LIMITS.maxEntries }, (_, i) => ({ name: `xl/media/image${i}.png`, content: 'x' }));
    expect(await refusal(xlsxOf({ sheet: sheetXml(ROWS), more: pictures }))).toEqual({
      'zh-CN': '工作簿内含 205 个文件，最多 200 个',
      'en-US': 'the workbook holds 205 files; at most 200',
    });
    expect((await refusal(xlsxOf({ sheet: sheetXml(ROWS) }), { maxEntries: 4 }))['en-US']).toBe('the workbook holds 5 files; at most 4');
  });

  it('refuses an entry, or all of them together, declaring more than the expanded bytes allowed, without inflating any', async () => {
    expect((await refusal(expandingWorkbook({ padding: 100 * MB })))['en-US']).toBe('xl/worksheets/sheet1.xml in the workbook expands to 100 MB; at most 64 MB');
    const pictures: ZipEntry[] = [1, 2].map((n) => ({ name: `xl/media/image${n}.png`, content: padded('', 40 * MB, '') }));
    expect(await refusal(xlsxOf({ sheet: sheetXml(ROWS), more: pictures }))).toEqual({
      'zh-CN': '工作簿解压后超过 64 MB',
      'en-US': 'the workbook expands to more than 64 MB',
    });
  });

  it('stops inflating an entry that expands past the size it declares, and refuses one that ends short of it', async () => {
    const lying = expandingWorkbook({ padding: 500 * MB, declaredSize: 4096 });
    const started = performance.now();
    expect(await refusal(lying)).toEqual({
      'zh-CN': '工作簿中的 xl/worksheets/sheet1.xml 解压后超出其声明的大小（4096 字节）：文件已损坏或被篡改',
      'en-US': 'xl/worksheets/sheet1.xml in the workbook expands past the size it declares (4096 bytes): the file is damaged or crafted',
    });
    // 500 MB would take seconds to inflate, and ExcelJS read on through whatever a zip declared.
    expect(performance.now() - started).toBeLessThan(1_000);

    const short = xlsxOf({ sheet: sheetXml(ROWS), declared: { 'xl/worksheets/sheet1.xml': 10_000 } });
    expect((await refusal(short))['en-US']).toBe('not a readable .xlsx workbook: xl/worksheets/sheet1.xml is shorter than it declares');
  });

  it('refuses a zip whose local header names another file than its directory, or that holds a name twice', async () => {
    const entries: ZipEntry[] = [{ name: 'xl/worksheets/sheet1.xml', content: sheetXml(ROWS) }];
    const renamed = zipOf(entries);
    renamed.write('X', renamed.indexOf('xl/worksheets/sheet1.xml'));
    expect((await refusal(renamed))['en-US']).toBe('not a readable .xlsx workbook: the local header of xl/worksheets/sheet1.xml differs from the central directory');
    const twice = xlsxOf({ sheet: sheetXml(ROWS), more: [{ name: 'XL/worksheets/Sheet1.xml', content: sheetXml('') }] });
    expect((await refusal(twice))['en-US']).toBe('not a readable .xlsx workbook: XL/worksheets/Sheet1.xml is in the zip twice');
  });
});

describe('the sheet’s extent', () => {
  it('refuses a dimension beyond the rows under the header or the columns allowed, before reading a row', async () => {
    // The rows say nothing wrong: the dimension alone refuses the file.
    expect(await refusal(xlsxOf({ sheet: sheetXml(ROWS, 'A1:B5002') }))).toEqual({
      'zh-CN': '工作表用到第 5002 行，表头下最多 5000 行：请拆分文件',
      'en-US': 'the sheet reaches row 5002; at most 5000 rows under the header: split the file',
    });
    expect(await refusal(xlsxOf({ sheet: sheetXml(ROWS, 'A1:XFD2') }))).toEqual({
      'zh-CN': '工作表用到第 16384 列（XFD），最多 256 列',
      'en-US': 'the sheet reaches column XFD (16384); at most 256 columns',
    });
    expect(plain(await readWorkbook(xlsxOf({ sheet: sheetXml(ROWS, 'A1:B5001') })))).toEqual([
      [1, ['姓名', '手机号']],
      [2, ['张三', '13900000001']],
    ]);
    expect((await refusal(xlsxOf({ sheet: sheetXml(ROWS, 'A1:B3') }), { maxRows: 1 }))['en-US']).toBe('the sheet reaches row 3; at most 1 rows under the header: split the file');
  });

  it('checks every cell where a sheet has no dimension element, or one that understates', async () => {
    // A row element without cells (one given a height) holds nothing, wherever it is.
    expect(plain(await readWorkbook(xlsxOf({ sheet: sheetXml(`${ROWS}<row r="9000" ht="20" customHeight="1"/>`) })))).toEqual([
      [1, ['姓名', '手机号']],
      [2, ['张三', '13900000001']],
    ]);
    for (const dimension of [undefined, 'A1:B2']) {
      expect((await refusal(xlsxOf({ sheet: sheetXml(`${ROWS}${row(1_048_576, ['李四'])}`, dimension) })))['en-US']).toBe(
        'the sheet reaches row 1048576; at most 5000 rows under the header: split the file',
      );
      const wide = `${ROWS}<row r="3"><c r="IW3"><v>1</v></c></row>`;
      expect((await refusal(xlsxOf({ sheet: sheetXml(wide, dimension) })))['en-US']).toBe('the sheet reaches column IW (257); at most 256 columns');
    }
  });

  it('refuses rows or cells out of order, so the highest row also bounds how many rows there are', async () => {
    expect((await refusal(xlsxOf({ sheet: sheetXml(`${ROWS}${row(2, ['李四'])}`) })))['en-US']).toBe('not a readable .xlsx workbook: row 2 is out of order');
    // Rows without a number follow the one before, so they too stop at the limit.
    const unnumbered = '<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(5_002);
    expect((await refusal(xlsxOf({ sheet: sheetXml(unnumbered) })))['en-US']).toBe('the sheet reaches row 5002; at most 5000 rows under the header: split the file');
    const backwards = '<row r="1"><c r="B1"><v>1</v></c><c r="A1"><v>2</v></c></row>';
    expect((await refusal(xlsxOf({ sheet: sheetXml(backwards) })))['en-US']).toBe('not a readable .xlsx workbook: cell A1 is out of place');
  });

  it('refuses merged ranges beyond the limits or overlapping; gives a range’s value to each of its cells', async () => {
    expect((await refusal(xlsxOf({ sheet: merged('<mergeCell ref="A2:A1048576"/>') })))['en-US']).toBe('the sheet reaches row 1048576; at most 5000 rows under the header: split the file');
    const overlapping = '<mergeCell ref="A1:IV5001"/>'.repeat(2);
    expect((await refusal(xlsxOf({ sheet: merged(overlapping) })))['en-US']).toBe('not a readable .xlsx workbook: merged ranges overlap');
    expect(plain(await readWorkbook(xlsxOf({ sheet: merged('<mergeCell ref="A2:A4"/>') })))).toEqual([
      [1, ['姓名', '手机号']],
      [2, ['张三', '13900000001']],
      [3, ['张三']],
      [4, ['张三']],
    ]);
  });
});

describe('shared strings and the cells’ values', () => {
  it('refuses a shared strings part expanding past the limit, whether it declares it or not', async () => {
    const sheet = sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>');
    const bomb = padded(`${sharedStringsXml('').replace('</sst>', '')}<si><t>`, 300 * MB, '</t></si></sst>', 'A');
    expect((await refusal(xlsxOf({ sheet, sharedStrings: bomb })))['en-US']).toBe('xl/sharedStrings.xml in the workbook expands to 300 MB; at most 64 MB');
    expect((await refusal(xlsxOf({ sheet, sharedStrings: bomb, declared: { 'xl/sharedStrings.xml': 2 * MB } })))['en-US']).toBe(
      'xl/sharedStrings.xml in the workbook expands past the size it declares (2097152 bytes): the file is damaged or crafted',
    );
    expect((await refusal(xlsxOf({ sheet, sharedStrings: sharedStringsXml('') })))['en-US']).toBe('not a readable .xlsx workbook: cell A1 names a shared string that is not there');
  });

  it('reads shared, rich and inline text, numbers, booleans, cached formula results, and dates by their number format', async () => {
    const strings = sharedStringsXml('<si><t>姓名</t></si><si><r><t>王</t></r><r><t>五</t></r><rPh sb="0" eb="1"><t>ワン</t></rPh></si>');
    const styles = '<numFmts count="1"><numFmt numFmtId="176" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="31"/><xf numFmtId="176"/></cellXfs>';
    const cells = [
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>手机号</t></is></c></row>',
      '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2"><v>13900000001</v></c><c r="C2" t="b"><v>1</v></c><c r="D2" t="str"><f>A1</f><v>公式</v></c><c r="E2" t="e"><v>#N/A</v></c></row>',
      '<row r="3"><c r="A3" s="1"><v>45356</v></c><c r="B3" s="2"><v>45356</v></c><c r="C3" s="3"><v>45356</v></c><c r="D3" t="d"><v>2024-03-05</v></c><c r="E3" s="0"><v>12.5</v></c></row>',
    ].join('');
    const rows = await readWorkbook(xlsxOf({ sheet: sheetXml(cells), sharedStrings: strings, styles }));
    // The error cell (#N/A) holds nothing.
    expect(rows.map((r) => r.cells)).toEqual([['姓名', '手机号'], ['王五', 13900000001, true, '公式'], [new Date('2024-03-05'), new Date('2024-03-05'), new Date('2024-03-05'), new Date('2024-03-05'), 12.5]]);
    expect(plain(await readWorkbook(xlsxOf({ sheet: sheetXml('<row r="1"><c r="A1" s="1"><v>43894</v></c></row>'), styles, date1904: true })))).toEqual([[1, ['2024-03-05']]]);
  });

  it('reads a workbook ExcelJS writes as ExcelJS reads it, from its first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('人员档案');
    sheet.addRows([['姓名', '入职日期', '手机号'], ['赵六', new Date('2024-03-05'), 13900000011], [], [{ richText: [{ text: '钱' }, { text: '七' }] }, '', { formula: 'C2+1', result: 13900000012 }]]);
    sheet.getCell('D2').value = { text: '主页', hyperlink: 'https://example.com' };
    workbook.addWorksheet('second').addRow(['other']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(plain(await readWorkbook(file))).toEqual([
      [1, ['姓名', '入职日期', '手机号']],
      [2, ['赵六', '2024-03-05', '13900000011', '主页']],
      [4, ['钱七', '', '13900000012']],
    ]);
  });

  it('refuses a part with a document type declaration, where XML bombs define their entities', async () => {
    const bomb = sheetXml(ROWS).replace('<worksheet', '<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><worksheet');
    expect((await refusal(xlsxOf({ sheet: bomb })))['en-US']).toBe('not a readable .xlsx workbook: xl/worksheets/sheet1.xml declares a document type');
  });
});
