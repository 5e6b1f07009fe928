import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The headers every response carries, set in one call. */
const ALWAYS = {
  'x-content-type-options': 'nosniff',
  // 'same-origin': nothing reaches other sites, while the site's own POSTs keep their Origin header
  // (under 'no-referrer' browsers send `Origin: null`, which the CSRF check must refuse).
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

declare module 'fastify' {
  interface FastifyReply {
    /** Set for an HTML page: the nonce its style elements carry (styled-components reads it from the page). */
    cspNonce?: string;
    /**
     * Set for an answer to a program (the VPN nodes' API): no browser renders it, so it carries the
     * headers that matter to any client (nosniff, a CSP that allows nothing) and not the framing,
     * referrer and permission policies of pages. The nodes poll every minute: every byte counts.
     */
    forMachines?: boolean;
  }
}

/** What the web app's index.html carries where each response puts its nonce. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** A fresh nonce for one HTML response. */
export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

/**
 * The Content-Security-Policy of an HTML page: scripts only from our origin, no eval; styles from
 * our origin or carrying this response's nonce (styled-components injects its rules into nonce'd
 * style elements; React's style props go through the CSSOM, which the policy does not restrict);
 * no framing, no plugins, no foreign form targets or base URLs.
 */
export function pageCsp(nonce: string, connect: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...connect].join(' '),
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Anything that is not a page (JSON, files) may not be framed or run anything. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Headers on every response (security issue: headers). HSTS only where the request came over HTTPS. */
export function securityHeaders(options: { connectSources?: string[] } = {}) {
  return function onSend(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload: unknown) => void,
  ) {
    if (reply.forMachines) {
      reply.header('x-content-type-options', 'nosniff').header('content-security-policy', NON_PAGE_CSP);
      return done(null, payload);
    }
    reply.headers(ALWAYS);
    reply.header(
      'content-security-policy',
      reply.cspNonce ? pageCsp(reply.cspNonce, options.connectSources) : NON_PAGE_CSP,
    );
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  };
}
