import styled from 'styled-components';
import { cluster, outlined, stack } from '../theme';

/** The signed-in operator's one-time code card. */
export const TotpCard = styled.div`
  ${stack(4)}
  padding: ${({ theme }) => theme.space(5)};
  ${outlined('md', 'surface')}
  > p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The QR code beside the secret and the steps; stacked on small screens. */
export const Enrol = styled.div`
  ${cluster(5)}
  align-items: flex-start;
  > div:first-child {
    flex: 0 0 auto;
  }
  > div + div {
    flex: 1 1 260px;
    ${stack(3)}
  }
  ol {
    list-style: ${({ theme }) => (theme.language === 'fa' ? 'persian' : 'decimal')};
    ${stack(2)}
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(5)};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
    letter-spacing: 0.04em;
    overflow-wrap: anywhere;
  }
`;

/** A code field and its button on one line when there is room. */
export const CodeForm = styled.form`
  ${cluster(3)}
  align-items: flex-start;
  > div {
    flex: 0 1 220px;
  }
  > button {
    margin-block-start: 26px;
  }
`;

export const Ok = styled.p`
  color: ${({ theme }) => theme.colors.success} !important;
  font-weight: 700;
`;

/** A row's buttons side by side (unlock, remove). */
export const Actions = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
