import styled from 'styled-components';
import { stack } from '../theme';

export const Page = styled.div`
  min-block-size: 100vh;
  display: grid;
  grid-template-rows: auto 1fr;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.hero};
`;

export const Top = styled.div`
  display: flex;
  justify-content: flex-end;
  min-block-size: 40px;
`;

export const Center = styled.main`
  display: grid;
  place-items: center;
  padding-block-end: ${({ theme }) => theme.space(10)};
`;

export const Panel = styled.div`
  inline-size: 100%;
  max-inline-size: 420px;
  ${stack(5)}
  padding: ${({ theme }) => theme.space(7)} ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radii.xl};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

export const Head = styled.header`
  ${stack(2)}
  justify-items: center;
  text-align: center;
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Form = styled.form`
  ${stack(5)}
`;

export const CodeInput = styled.div`
  input {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    letter-spacing: 0.4em;
    text-align: center;
  }
`;

/** The command that lifts a lock on the server, on a line of its own under the message. */
export const Command = styled.code`
  display: block;
  margin-block-start: ${({ theme }) => theme.space(2)};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;
