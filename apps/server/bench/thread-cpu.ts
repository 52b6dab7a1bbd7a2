import { readFile } from 'node:fs/promises';

/** The unit of /proc's CPU times (USER_HZ), 100 a second on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time this process's main thread has used, in ms (user and system, as Linux counts
 * them: to 10 ms). Unlike wall time, it does not grow when other processes take the cores.
 */
export async function mainThreadCpuMs(): Promise<number> {
  const stat = await readFile(`/proc/self/task/${process.pid}/stat`, 'utf8');
  // After the command's name in parentheses: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
