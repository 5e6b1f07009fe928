import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResult } from '@separ/domain';
import { runAdmin } from '../../../cli/admin.ts';
import { json, KINDS, startTestServer, type TestServer, resultData } from '../../../../test/harness.ts';
import { installed, startPeer, stopPeer, waitForPort } from '../../../../test/peers.ts';
import { freePort } from '../../../../test/processes.ts';
import { ask, freeUdpPort, request } from '../../../../test/radiusClient.ts';
import { RadiusServer } from './server.ts';

const SECRET = 'ocserv-shared-secret-1';

/** openconnect --authenticate: the login only (no tunnel), as a buyer's client app does it first. */
function authenticate(port: number, pin: string, user: string, password: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('openconnect', [
      '--authenticate',
      '--non-inter',
      `--user=${user}`,
      '--passwd-on-stdin',
      '--servercert',
      pin,
      `https://127.0.0.1:${port}`,
    ]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(`${password}\n`);
  });
}

/** What ocserv showed the user after a refused login: the Reply-Message, on the line after the form's POST. */
const shown = (stderr: string) => {
  const lines = stderr.split('\n');
  const at = lines.findLastIndex((line) => /^POST .*\/auth/.test(line));
  return at >= 0 ? (lines[at + 1] ?? '').trim() : '';
};

describe.each(KINDS)('Debian’s ocserv logging in against Separ’s RADIUS server, on %s', (kind) => {
  let s: TestServer;
  let radius: RadiusServer;
  let ocserv: ReturnType<typeof startPeer> | undefined;
  let dir: string;
  let vpnPort: number;
  let acctPort: number;
  let pin: string;

  beforeAll(async () => {
    for (const program of ['ocserv', 'openconnect', 'certtool'])
      if (!installed(program))
        throw new Error(
          `${program} is not installed: apt-get install -y ocserv openconnect gnutls-bin (.ci/run installs them)`,
        );
    const authPort = await freeUdpPort();
    acctPort = await freeUdpPort();
    vpnPort = await freePort();
    s = await startTestServer(kind, {
      SEPAR_RADIUS_AUTH_PORT: String(authPort),
      SEPAR_RADIUS_ACCT_PORT: String(acctPort),
      SEPAR_LOGIN_LIMIT_IP_MINUTE: '1000',
    });
    await runAdmin(
      ['radius-clients', 'add', '--ip', '127.0.0.1', '--secret', SECRET, '--name', 'ocserv'],
      s.ctx,
      () => undefined,
    );
    radius = new RadiusServer(s.ctx);
    await radius.start();

    dir = mkdtempSync(join(tmpdir(), 'separ-ocserv-'));
    chmodSync(dir, 0o755);
    writeFileSync(
      join(dir, 'cert.tmpl'),
      'cn = "localhost"\ndns_name = "localhost"\nip_address = "127.0.0.1"\nexpiration_days = 2\nsigning_key\nencryption_key\ntls_www_server\n',
    );
    const run = (args: string[]) => {
      const result = spawnSync('certtool', args, { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`certtool ${args[0]}: ${result.stderr}`);
      return result.stdout;
    };
    run(['--generate-privkey', '--key-type=ecdsa', '--outfile', join(dir, 'key.pem')]);
    run([
      '--generate-self-signed',
      '--load-privkey',
      join(dir, 'key.pem'),
      '--template',
      join(dir, 'cert.tmpl'),
      '--outfile',
      join(dir, 'cert.pem'),
    ]);
    pin = /pin-sha256:[A-Za-z0-9+/=]+/.exec(run(['--certificate-info', '--infile', join(dir, 'cert.pem')]))![0];
    // radcli's configuration and servers file, as docs/NODES.md tells operators to write them.
    writeFileSync(
      join(dir, 'radiusclient.conf'),
      [
        'nas-identifier\tocserv-test',
        `authserver\t127.0.0.1:${authPort}`,
        `acctserver\t127.0.0.1:${acctPort}`,
        `servers\t${join(dir, 'servers')}`,
        'dictionary\t/etc/radcli/dictionary',
        'default_realm',
        'radius_timeout\t3',
        'radius_retries\t1',
        'radius_deadtime\t0',
        'bindaddr\t*',
        '',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'servers'), `127.0.0.1\t${SECRET}\n`, { mode: 0o600 });
    writeFileSync(
      join(dir, 'ocserv.conf'),
      [
        `auth = "radius[config=${join(dir, 'radiusclient.conf')},groupconfig=true]"`,
        `acct = "radius[config=${join(dir, 'radiusclient.conf')}]"`,
        'stats-report-time = 30',
        'listen-host = 127.0.0.1',
        `tcp-port = ${vpnPort}`,
        `server-cert = ${join(dir, 'cert.pem')}`,
        `server-key = ${join(dir, 'key.pem')}`,
        `socket-file = ${join(dir, 'ocserv-socket')}`,
        `occtl-socket-file = ${join(dir, 'occtl.socket')}`,
        `pid-file = ${join(dir, 'ocserv.pid')}`,
        'run-as-user = nobody',
        'run-as-group = nogroup',
        'isolate-workers = true',
        'max-clients = 16',
        'max-same-clients = 4',
        'keepalive = 32400',
        'dpd = 90',
        'auth-timeout = 240',
        'min-reauth-time = 0',
        'cookie-timeout = 300',
        'use-utmp = false',
        'device = vpns',
        'ipv4-network = 192.0.2.0/24',
        '',
      ].join('\n'),
    );
    ocserv = startPeer('ocserv', ['-f', '-d', '1', '-c', join(dir, 'ocserv.conf')]);
    await waitForPort(vpnPort, ocserv);
  }, 60_000);
  afterAll(async () => {
    await stopPeer(ocserv);
    await radius?.stop();
    await s?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function buy() {
    const order = await s.app.inject({
      method: 'POST',
      url: '/requestAccount2?plan_id=1&email=oc@example.com&gate=ird',
      headers: { 'content-type': 'application/json' },
    });
    const authority = json<{ url: string }>(order).url.split('/').pop()!;
    const bank = await s.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${authority}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const back = await s.app.inject(String(bank.headers.location));
    return decodePaymentResult(resultData(String(back.headers.location)));
  }

  it('logs a bought account in, and refuses a wrong password, a suspended account and one at its device limit', async () => {
    const bought = await buy();
    expect(bought.status).toBe('success');
    const ok = await authenticate(vpnPort, pin, bought.username, bought.password);
    expect(ok.status, `${ok.stderr}\n${ocserv?.output()}`).toBe(0);
    expect(ok.stdout).toMatch(/^COOKIE='/m);

    const wrong = await authenticate(vpnPort, pin, bought.username, 'WrongPass99');
    expect(wrong.status).toBe(1);
    expect(shown(wrong.stderr)).toBe('Invalid username or password');

    // Plan 1 allows one device: an OpenConnect session already running fills it.
    const start = await ask(
      acctPort,
      SECRET,
      request('Accounting-Request', SECRET, [
        ['Acct-Status-Type', 'Start'],
        ['User-Name', bought.username],
        ['Acct-Session-Id', `running-${kind}`],
      ]),
    );
    expect(start?.code).toBe('Accounting-Response');
    const full = await authenticate(vpnPort, pin, bought.username, bought.password);
    expect(full.status).toBe(1);
    expect(shown(full.stderr)).toBe(
      'Device limit reached: this account allows 1 device(s) at once. Disconnect one and try again.',
    );

    const other = await buy();
    await runAdmin(['users', 'suspend', other.username], s.ctx, () => undefined);
    const suspended = await authenticate(vpnPort, pin, other.username, other.password);
    expect(suspended.status).toBe(1);
    expect(shown(suspended.stderr)).toBe('This account is suspended. Please contact support.');
    expect(radius.stats.accepted).toBe(1);
    expect(radius.stats.rejected).toBe(3);
  }, 60_000);
});
