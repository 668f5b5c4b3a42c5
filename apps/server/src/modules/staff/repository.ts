import { eq } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { staff, type NewStaffRow, type StaffRow } from './table';

export class StaffRepository {
  constructor(private readonly db: Executor) {}

  async findByStaffNum(staffNum: string, tx: Executor = this.db): Promise<StaffRow | undefined> {
    const [row] = await tx.select().from(staff).where(eq(staff.staffNum, staffNum));
    return row;
  }

  async findById(id: number, tx: Executor = this.db): Promise<StaffRow | undefined> {
    const [row] = await tx.select().from(staff).where(eq(staff.id, id));
    return row;
  }

  async insert(values: NewStaffRow, tx: Executor = this.db): Promise<StaffRow> {
    const [row] = await tx.insert(staff).values(values).returning();
    return row!;
  }
}
