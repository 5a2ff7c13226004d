const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

const timeOnly = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const weekdayAndTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayOfMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/**
 * Labels a bucket's start for the x axis, as precise as its width needs: "14:05" within a day, "Tue 06:00"
 * for sub-day buckets over several days, "Mar 3" for whole days.
 */
export function formatBucketLabel(
  isoTime: string,
  { bucketMs, spanMs }: { bucketMs: number; spanMs: number },
): string {
  const time = new Date(isoTime);
  if (bucketMs >= dayMs) return dayOfMonth.format(time);
  if (spanMs > dayMs) return weekdayAndTime.format(time);
  return timeOnly.format(time);
}
