import styled from 'styled-components';

/** The signed-in operator's one-time code card. */
export const TotpCard = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  > p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The QR code beside the secret and the steps; stacked on small screens. */
export const Enrol = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(5)};
  align-items: flex-start;
  > div:first-child {
    flex: 0 0 auto;
  }
  > div + div {
    flex: 1 1 260px;
    display: grid;
    gap: ${({ theme }) => theme.space(3)};
  }
  ol {
    list-style: ${({ theme }) => (theme.language === 'fa' ? 'persian' : 'decimal')};
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
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
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
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
