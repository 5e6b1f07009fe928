import styled from 'styled-components';
import { Card } from '../Layout';
import { cluster, media, stack } from '../theme';

/** The QR code beside the link and its actions; one above the other on a phone. */
export const LinkCard = styled(Card)`
  ${stack(5)}
  justify-items: center;
  margin-block-end: ${({ theme }) => theme.space(6)};
  ${media.md} {
    grid-template-columns: auto 1fr;
    justify-items: start;
    align-items: center;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The link itself: left to right, wrapped anywhere, selectable. */
export const Url = styled.code`
  display: block;
  direction: ltr;
  text-align: start;
  unicode-bidi: isolate;
  overflow-wrap: anywhere;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  user-select: all;
`;

export const LinkActions = styled.div`
  ${cluster(2)}
  margin-block-start: ${({ theme }) => theme.space(3)};
`;
