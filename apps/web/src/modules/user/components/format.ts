import dayjs from 'dayjs';

/** A moment as the staff reads it, in the browser's time zone; empty for none. */
export const dateTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');
