import { Container, Spinner } from '@separ/ui';

/** While a page's code or translations load. */
export function PageLoading() {
  return (
    <Container>
      <Spinner block />
    </Container>
  );
}
