import { createSocket } from 'node:dgram';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { freeUdpPort } from '../../../../test/radiusClient.ts';
import { DropLog } from './dropLog.ts';
import { RadiusServer } from './server.ts';

/** A logger that keeps what it is given. */
function capture() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = '') =>
      lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') } };
}

describe('the RADIUS drop log (security review finding 15)', () => {
  it('writes at most one line per interval, and the next one counts what it left out, by reason', () => {
    const { lines, log } = capture();
    let now = 1_000_000;
    const drops = new DropLog(() => log, { everyMs: 10_000, now: () => now });
    drops.note('not a registered RADIUS client', '192.0.2.1:1000');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.obj).toMatchObject({ from: '192.0.2.1:1000', reason: 'not a registered RADIUS client' });
    for (let i = 0; i < 500; i++) {
      now += 10;
      drops.note(i % 2 ? 'not a RADIUS packet' : 'not a registered RADIUS client', `192.0.2.${i % 7}:1`);
    }
    drops.flush();
    expect(lines).toHaveLength(1);
    now += 10_000;
    drops.flush();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      level: 'warn',
      obj: {
        suppressed: 500,
        reasons: { 'not a registered RADIUS client': 250, 'not a RADIUS packet': 250 },
      },
    });
    // Nothing left out: nothing to say.
    now += 60_000;
    drops.flush();
    expect(lines).toHaveLength(2);
    // After a quiet interval the next drop is written at once again.
    drops.note('not a RADIUS packet', '192.0.2.9:1');
    expect(lines).toHaveLength(3);
  });
});

describe.each(KINDS)('junk datagrams at the RADIUS server, on %s', (kind) => {
  let s: TestServer;
  let server: RadiusServer;
  let auth: number;
  const { lines, log } = capture();
  beforeAll(async () => {
    auth = await freeUdpPort();
    s = await startTestServer(kind, { SEPAR_RADIUS_AUTH_PORT: String(auth), SEPAR_RADIUS_ACCT_PORT: '0' });
    server = new RadiusServer({ ...s.ctx, log });
    await server.start();
  });
  afterAll(async () => {
    await server?.stop();
    await s?.close();
  });

  it('from an unregistered address: every one dropped, one log line, then a summary', async () => {
    const socket = createSocket('udp4');
    for (let i = 0; i < 100; i++) socket.send(Buffer.from(`junk ${i}`), auth, '127.0.0.1');
    for (let i = 0; i < 100 && server.stats.dropped < 100; i++) await sleep(20);
    socket.close();
    expect(server.stats.dropped).toBe(100);
    const dropped = () => lines.filter((line) => /RADIUS packet/.test(line.msg));
    expect(dropped()).toHaveLength(1);
    // Stopping says what was left out.
    await server.stop();
    expect(dropped()).toHaveLength(2);
    expect(dropped()[1]!.obj).toMatchObject({ suppressed: 99 });
  });
});
