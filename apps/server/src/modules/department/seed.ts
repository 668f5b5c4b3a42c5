import { TOP_LEVEL_DEPARTMENT } from '@juqi/contract';
import type { Executor } from '../../lib/db/client';
import type { SeedContext } from '../../lib/module';
import { DepartmentRepository } from './repository';
import { namedValues } from './service';

interface DemoDepartment {
  name: string;
  children?: DemoDepartment[];
}

/** The demo's company: three levels, 16 departments; 后端组 and IT运维部 put a Latin letter and a sub-team in the index. */
const DEMO_TREE: DemoDepartment[] = [
  { name: '总经办' },
  {
    name: '技术中心',
    children: [{ name: '研发部', children: [{ name: '前端组' }, { name: '后端组' }] }, { name: '测试部' }, { name: 'IT运维部' }],
  },
  { name: '市场中心', children: [{ name: '市场部' }, { name: '品牌部' }] },
  { name: '销售中心', children: [{ name: '华东销售部' }, { name: '华南销售部' }] },
  { name: '人力资源部' },
  { name: '财务部' },
  { name: '行政部' },
];

/** A demo gets the tree while there is no department, so what staff delete stays deleted until the table is empty. */
export async function seedDepartment({ db, demo }: SeedContext): Promise<void> {
  const repo = new DepartmentRepository(db);
  if (!demo || (await repo.total()) > 0) return;
  const addAll = async (departments: DemoDepartment[], parentId: number, parentPath: string, tx: Executor): Promise<void> => {
    for (const [index, { name, children }] of departments.entries()) {
      const row = await repo.add({ ...namedValues(name), parentId, sort: (index + 1) * 10 }, parentPath, tx);
      await addAll(children ?? [], row.id, row.path, tx);
    }
  };
  await db.transaction((tx) => addAll(DEMO_TREE, TOP_LEVEL_DEPARTMENT, '/', tx));
}
