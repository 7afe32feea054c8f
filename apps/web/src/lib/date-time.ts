const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A timestamp as DATE_TIME_FORMAT (YYYY-MM-DD HH:mm:ss) in the browser's time zone. Plain Date
 * rather than dayjs, which lists and tables can then do without.
 */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
