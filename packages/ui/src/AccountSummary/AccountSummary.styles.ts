import styled from 'styled-components';
import { Card } from '../Layout';
import { iconDisc } from '../theme';

export const StatusCard = styled(Card)<{ $tone: string }>`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  border-inline-start: 6px solid ${({ $tone }) => $tone};
  grid-column: 1 / -1;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const StatusIcon = styled.span<{ $tone: string; $soft: string }>`
  ${iconDisc(56)}
  background: ${({ $soft }) => $soft};
  color: ${({ $tone }) => $tone};
  flex-shrink: 0;
`;

export const RingCard = styled(Card)`
  display: grid;
  justify-items: center;
`;

/** A card of one line: an icon, a label and its value (the wallet's balance, the data's next reset). */
export const LineCard = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  grid-column: 1 / -1;
  > span {
    ${iconDisc(48)}
    flex-shrink: 0;
    background: ${({ theme }) => theme.colors.infoSoft};
    color: ${({ theme }) => theme.colors.primary};
  }
  dl {
    flex: 1;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
  }
`;
