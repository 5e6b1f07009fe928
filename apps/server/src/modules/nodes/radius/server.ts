import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import type { AppContext } from '../../../platform/context.ts';
import {
  accessReply,
  accountingAuthenticatorValid,
  accountingReply,
  CODE,
  decodePacket,
  messageAuthenticatorValid,
  packetLength,
  type Packet,
} from './codec.ts';
import { inTransaction } from '../../../platform/db/index.ts';
import { account, authorize, loadRadiusClients, type RadiusClient } from './service.ts';
import { DropLog } from './dropLog.ts';

/** How often the server reads its clients again: a client added by separ-admin is heard within this. */
const CLIENTS_REFRESH_MS = 5_000;

/** What the server did with packets, for tests and the benchmark. */
export interface RadiusStats {
  accepted: number;
  rejected: number;
  accounted: number;
  dropped: number;
}

/**
 * Separ's RADIUS server (RFC 2865 authentication, RFC 2866 accounting) for ocserv, on UDP ports
 * `authPort` and `acctPort` (0: off). Packets from addresses that are not registered clients are
 * dropped; a Message-Authenticator that is present must be valid, and one that is absent is allowed
 * unless the client was registered to require it (Debian 12's ocserv sends none); an
 * Accounting-Request's authenticator must be valid. Anything that fails is dropped without an
 * answer (the NAS retries, then gives up), as the RFCs ask.
 *
 * The sockets are bound with SO_REUSEPORT, so every server process on the machine can answer: the
 * kernel spreads the datagrams over them (ocserv's radcli sends each request from a new port), and
 * all of them share the database.
 */
export class RadiusServer {
  readonly #ctx: AppContext;
  readonly stats: RadiusStats = { accepted: 0, rejected: 0, accounted: 0, dropped: 0 };
  #sockets: Socket[] = [];
  #clients = new Map<string, RadiusClient>();
  #timer: NodeJS.Timeout | null = null;
  /** Accounting-Requests waiting for the transaction in progress: stored together, one commit for many. */
  #accounting: Array<{ client: RadiusClient; packet: Packet; socket: Socket; remote: RemoteInfo }> = [];
  #storing = false;
  /** Dropped datagrams are logged at most once per ten seconds, with a count of the rest. */
  readonly #drops: DropLog;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
    this.#drops = new DropLog(() => this.#ctx.log);
  }

  /** Binds the listeners (those whose port is not 0); resolves with the ports bound. */
  async start(): Promise<{ auth: number | null; acct: number | null }> {
    const { host, authPort, acctPort } = this.#ctx.config.radius;
    await this.refresh();
    this.#timer = setInterval(() => {
      void this.refresh();
      this.#drops.flush();
    }, CLIENTS_REFRESH_MS);
    this.#timer.unref();
    const bind = async (port: number, kind: 'auth' | 'acct') => {
      if (port === 0) return null;
      const socket = createSocket({ type: isIPv6(host) ? 'udp6' : 'udp4', reusePort: true });
      socket.on('message', (message, remote) => void this.#onMessage(socket, kind, message, remote));
      socket.on('error', (error) => this.#ctx.log.error({ err: error, port }, 'RADIUS socket error'));
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(port, host, () => {
          socket.off('error', reject);
          resolve();
        });
      });
      this.#sockets.push(socket);
      return socket.address().port;
    };
    return { auth: await bind(authPort, 'auth'), acct: await bind(acctPort, 'acct') };
  }

  /** Reads the clients again (at start, then every five seconds). */
  async refresh(): Promise<void> {
    try {
      this.#clients = await loadRadiusClients(this.#ctx);
    } catch (error) {
      this.#ctx.log.error({ err: error }, 'could not read the RADIUS clients');
    }
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#drops.flush(true);
    await Promise.all(this.#sockets.map((socket) => new Promise<void>((resolve) => socket.close(() => resolve()))));
    this.#sockets = [];
  }

  #drop(reason: string, remote: RemoteInfo) {
    this.stats.dropped++;
    this.#drops.note(reason, `${remote.address}:${remote.port}`);
  }

  /**
   * Stores the waiting Accounting-Requests, as many as came in during the last transaction, in one
   * transaction (a group commit: one disk flush for all of them), and answers each once it is
   * stored (RFC 2866). In the order of their sessions, so that two processes doing the same never
   * lock the same rows in opposite orders. Should the batch fail, each is tried on its own, so that
   * one bad packet costs the others nothing.
   */
  async #store(): Promise<void> {
    this.#storing = true;
    try {
      while (this.#accounting.length > 0) {
        const batch = this.#accounting.splice(0, 500);
        const key = (item: (typeof batch)[number]) =>
          `${item.client.id}:${String(item.packet.attributes['Acct-Session-Id'] ?? '')}`;
        batch.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
        let stored = false;
        try {
          await inTransaction(this.#ctx.db, async (trx) => {
            const ctx = { ...this.#ctx, db: trx };
            for (const item of batch) await account(ctx, item.client, item.packet);
          });
          stored = true;
        } catch (error) {
          this.#ctx.log.warn(
            { err: error, packets: batch.length },
            'RADIUS accounting batch failed: storing one by one',
          );
        }
        for (const item of batch) {
          try {
            if (!stored) await account(this.#ctx, item.client, item.packet);
            this.stats.accounted++;
            item.socket.send(accountingReply(item.packet, item.client.secret), item.remote.port, item.remote.address);
          } catch (error) {
            this.stats.dropped++;
            this.#ctx.log.error(
              { err: error, from: `${item.remote.address}:${item.remote.port}` },
              'RADIUS request failed',
            );
          }
        }
      }
    } finally {
      this.#storing = false;
    }
  }

  async #onMessage(socket: Socket, kind: 'auth' | 'acct', raw: Buffer, remote: RemoteInfo): Promise<void> {
    const address = remote.address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const client = this.#clients.get(address);
    if (!client) return this.#drop('not a registered RADIUS client', remote);
    if (packetLength(raw) === null) return this.#drop('not a RADIUS packet', remote);
    try {
      if (kind === 'auth') {
        if (raw[0] !== CODE.accessRequest)
          return this.#drop('not an Access-Request on the authentication port', remote);
        const valid = messageAuthenticatorValid(raw, client.secret);
        if (valid === false) return this.#drop('wrong Message-Authenticator (or the wrong secret)', remote);
        if (valid === null && client.requireMessageAuthenticator)
          return this.#drop('no Message-Authenticator, which this client must send', remote);
        const packet = decodePacket(raw, client.secret);
        const answer = await authorize(this.#ctx, client, packet);
        if (answer.code === 'Access-Accept') this.stats.accepted++;
        else this.stats.rejected++;
        socket.send(accessReply(packet, answer.code, answer.attributes, client.secret), remote.port, remote.address);
        return;
      }
      if (raw[0] !== CODE.accountingRequest)
        return this.#drop('not an Accounting-Request on the accounting port', remote);
      if (!accountingAuthenticatorValid(raw, client.secret))
        return this.#drop('wrong Request Authenticator (or the wrong secret)', remote);
      this.#accounting.push({ client, packet: decodePacket(raw, client.secret), socket, remote });
      if (!this.#storing) await this.#store();
    } catch (error) {
      this.stats.dropped++;
      this.#ctx.log.error({ err: error, from: `${remote.address}:${remote.port}` }, 'RADIUS request failed');
    }
  }
}
