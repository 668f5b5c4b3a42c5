import { dayInZone, instantInZone } from '@juqi/contract';
import type { FastifyInstance } from 'fastify';
import { lazyService } from '../../lib/http/types';
import type { PersonnelService } from './service';

/** The job that makes resigning records resigned on their leaving date (docs/personnel.md › Leaving date). */
export const LEAVE_JOB = 'personnel.leave';
/** Daily at 00:05 in the platform's zone, for leaving dates whose own job was lost or sent elsewhere. */
const LEAVE_CRON = '5 0 * * *';

/**
 * Declares the leaving job and its daily schedule; answers what to call once a resignation is committed: a job due at
 * the first instant of the leaving date in the platform's zone, one per date.
 */
export function registerLeaving(app: FastifyInstance, service: PersonnelService): (leavingDate: string) => Promise<void> {
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  // One waiting job per leaving date (`short`, keyed by the day). A failure (the database away) is tried again in five
  // minutes, three times; the next day's run catches up after.
  const queueOptions = { policy: 'short', retryLimit: 3, retryDelay: 300 } as const;
  app.jobs.work(
    LEAVE_JOB,
    async () => {
      const today = dayInZone(await timeZone.current(), app.clock.now().getTime());
      const resigned = await service.leaveDue(today);
      if (resigned) app.log.info({ resigned, today }, 'staff records reached their leaving date');
    },
    queueOptions,
  );
  // The zone is read when the server starts: after a change of zone the daily run follows it from the next start.
  app.addHook('onReady', async () => app.jobs.schedule(LEAVE_JOB, LEAVE_CRON, await timeZone.current()));
  // The resignation is committed whatever happens here; a job not stored is made up for by the daily run.
  return async (leavingDate) => {
    try {
      const startAfter = instantInZone(leavingDate, await timeZone.current());
      await app.jobs.send(LEAVE_JOB, {}, { startAfter, singletonKey: leavingDate });
    } catch (err) {
      app.log.error({ err, leavingDate }, 'the leaving job was not stored');
    }
  };
}
