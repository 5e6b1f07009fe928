import styled from 'styled-components';
import { Card } from '../Layout';
import { cluster, media, stack } from '../theme';

/** The QR code beside the text, the link and Copy; one above the other on a phone. */
export const Box = styled(Card)`
  ${stack(5)}
  grid-column: 1 / -1;
  justify-items: center;
  ${media.md} {
    grid-template-columns: auto 1fr;
    justify-items: stretch;
    align-items: center;
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Body = styled.div`
  ${stack(3)}
  inline-size: 100%;
  min-inline-size: 0;
`;

/** The link itself, as the subscription link shows its own: left to right, wrapped anywhere, selectable. */
export { Url } from '../SubscriptionLink/SubscriptionLink.styles';

export const Actions = styled.div`
  ${cluster(2)}
`;

/** What the invitations have earned: the gift's disc and one sentence. */
export const Earnings = styled.p`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  && {
    color: ${({ theme }) => theme.colors.text};
  }
  > svg {
    flex-shrink: 0;
    color: ${({ theme }) => theme.colors.primary};
  }
`;
