/** What the operator's monitoring calls: the health check. */
import { ErrorAnswer, OkAnswer, route } from './common.ts';

export const OPERATIONS_ROUTES = {
  health: route({
    method: 'GET',
    url: '/healthz',
    summary: 'Health check: the database answers.',
    tags: ['operations'],
    answer: OkAnswer,
    answers: {
      '503': {
        description: 'The database does not answer: `databaseUnavailable`.',
        content: { 'application/json': ErrorAnswer },
      },
    },
  }),
};
