import styled from 'styled-components';
import { media, stack } from '../theme';

/** The form beside the preview of the buyer's card (under it on small screens). */
export const Editor = styled.div`
  ${stack(5)}
  align-items: start;
  ${media.xl} {
    grid-template-columns: minmax(0, 1fr) 320px;
  }
`;

export const Form = styled.form`
  ${stack(5)}
`;

/** The data amount and its unit side by side. */
export const DataRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 110px;
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
`;

export const Preview = styled.div`
  ${stack(3)}
  > p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** The card as buyers see it, but not a link here. */
export const PreviewCard = styled.div`
  pointer-events: none;
  user-select: none;
`;

export const Price = styled.span`
  display: grid;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
