/**
 * The site's sign-in and the links its e-mails carry (SPEC §7, CONTRACTS §3, §9 and §15): log in and
 * out, a reminder's renew link and its unsubscribe link. The answers are the spec's: `/site_login`
 * refuses in the spec's words (`Please enter username and password`, `Invalid username or
 * password`).
 */
import {
  ErrorAnswer,
  FORM,
  HTML_MEDIA,
  HtmlPage,
  JSON_MEDIA,
  NoJson,
  NoQuery,
  OkAnswer,
  QueryText,
  Redirect,
  route,
  Type,
} from './common.ts';

const TAGS = ['site'] as const;

/** The longest username and password a login checks (longer: `bad_credentials`, as a wrong one). */
export const LOGIN_LIMITS = { username: 64, password: 128 } as const;

export const SITE_ROUTES = {
  login: route({
    method: 'POST',
    url: '/site_login',
    summary:
      'Log in with username and password (form fields in the body, or the query as the spec’s clients send them); sets jwtUserToken (HttpOnly) and jwtUserUsername.',
    tags: TAGS,
    querystring: Type.Object({ username: Type.Optional(QueryText()), password: Type.Optional(QueryText()) }),
    body: Type.Object({
      username: Type.Optional(
        Type.String({
          maxLength: LOGIN_LIMITS.username,
          description: `Blank: 400 \`missingCredentials\`; longer than ${LOGIN_LIMITS.username} characters: 401 \`bad_credentials\`.`,
        }),
      ),
      password: Type.Optional(
        Type.String({
          maxLength: LOGIN_LIMITS.password,
          description: `Empty: 400 \`missingCredentials\`; longer than ${LOGIN_LIMITS.password} characters: 401 \`bad_credentials\`.`,
        }),
      ),
    }),
    bodyMedia: [FORM, JSON_MEDIA],
    lenientBody: true,
    answer: Type.Object({ ok: Type.Literal(true), username: Type.String() }),
    errors: ['missingCredentials', 'bad_credentials', 'tooManyAttempts', 'overloaded'],
  }),
  logout: route({
    method: 'POST',
    url: '/api/site/logout',
    summary: 'End the session on the server and clear both cookies (a request without a session too).',
    tags: TAGS,
    querystring: NoQuery,
    answer: OkAnswer,
  }),
  renewLink: route({
    method: 'GET',
    url: '/renew',
    summary:
      "A reminder's renew link (t): leaves its token in an HttpOnly cookie and goes on to /buy (or next); an expired link goes on all the same.",
    tags: TAGS,
    querystring: Type.Object({
      t: Type.Optional(Type.String({ maxLength: 200, description: 'The link’s token.' })),
      lng: Type.Optional(Type.String({ maxLength: 10, description: 'fa or en: the page’s language.' })),
      next: Type.Optional(
        Type.String({ maxLength: 100, description: 'One plan’s payment page, /payment?plan_id={id}; else /buy.' }),
      ),
    }),
    answer: NoJson,
    answers: { '303': Redirect('See Other: to /buy or the plan’s payment page.') },
  }),
  unsubscribe: route({
    method: 'GET',
    url: '/unsubscribe',
    summary:
      "A reminder e-mail's unsubscribe link (u, t): no more reminders for that account; a page in the e-mail's language (400 when the link is not valid).",
    tags: TAGS,
    querystring: Type.Object({
      u: Type.Optional(Type.String({ pattern: '^[0-9]{1,12}$', description: 'The account.' })),
      t: Type.Optional(Type.String({ maxLength: 100, description: 'The link’s signature.' })),
      lng: Type.Optional(Type.String({ description: 'fa or en (anything else: fa).' })),
    }),
    answer: NoJson,
    media: { [HTML_MEDIA]: HtmlPage('The page that says the reminders are off.') },
    answers: {
      '400': {
        description: 'The link is not valid: a page that says so; or its query refused, like every request’s.',
        content: { [HTML_MEDIA]: Type.String(), [JSON_MEDIA]: ErrorAnswer },
      },
    },
  }),
};
