import { asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { agencyLevel } from './table';

export type AgencyLevelRow = typeof agencyLevel.$inferSelect;

/** The agency levels beyond the resource layer's own reads. */
export class AgencyRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Every level but `except`, locked until the transaction ends: a threshold is checked against its neighbours, and two
   * writes at once must not each pass against the other's old value. A few dozen rows at most.
   */
  async lockLevels(except: number | undefined, tx: Executor = this.db): Promise<AgencyLevelRow[]> {
    return tx
      .select()
      .from(agencyLevel)
      .where(except === undefined ? undefined : ne(agencyLevel.id, except))
      .orderBy(asc(agencyLevel.level))
      .for('update');
  }

  async level(id: number, tx: Executor = this.db): Promise<AgencyLevelRow | undefined> {
    const [row] = await tx.select().from(agencyLevel).where(eq(agencyLevel.id, id));
    return row;
  }
}
