import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Whether `port` of 127.0.0.1 can be listened on now. */
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** The first port the kernel hands out for `listen(0)` and outgoing connections (Linux: 32768 by default). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 11_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * Distinct free ports of 127.0.0.1 for a process that binds one later (a service started as a child process, an
 * instance behind the cluster's nginx, a server told its port before it starts), below the kernel's ephemeral range.
 * A port found free is only a promise until its process binds it, seconds later for a child that loads its modules
 * first; an ephemeral one can be handed meanwhile to any `listen(0)` or outgoing connection on the machine, and the
 * port's client then talks to someone else's server (seen: another test's service answering through a cluster's
 * nginx). Below that range only a process naming the port takes it.
 */
export async function freePorts(count: number): Promise<number[]> {
  const high = ephemeralLow() - 1;
  const picked = new Set<number>();
  while (picked.size < count) {
    const port = 10_000 + Math.floor(Math.random() * (high - 10_000));
    if (!picked.has(port) && (await canListen(port))) picked.add(port);
  }
  return [...picked];
}

/** One port as `freePorts` picks them. */
export const freePort = async (): Promise<number> => (await freePorts(1))[0]!;
