import styled from 'styled-components';
import { cluster, media, stack } from '../theme';

export const Stack = styled.div`
  ${stack(5)}
`;

export const TabsRow = styled.div`
  margin-block-end: ${({ theme }) => theme.space(5)};
  max-inline-size: 100%;
  overflow-x: auto;
`;

export const Form = styled.form`
  ${stack(5)}
`;

/** A group of the node form (address, transport, security, REALITY, extras). */
export const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  ${stack(4)}
  min-inline-size: 0;
  legend {
    padding: 0;
    margin-block-end: ${({ theme }) => theme.space(3)};
    font-weight: 800;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** The add forms of the smaller lists: fields in a row on wide screens. */
export const AddRow = styled.div`
  ${stack(4)}
  align-items: start;
  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export const Address = styled.span`
  display: grid;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

export const SecretField = styled.div`
  ${stack(2)}
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: 800;
  }
`;

export const CopyRow = styled.div`
  ${cluster(3)}
  align-items: center;
`;

/** A node's name: machine text, left to right, on one line. */
export const Name = styled.bdi.attrs({ dir: 'ltr' })`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
  white-space: nowrap;
`;

/** A value left to the node's own (a host's SNI or host header not set). */
export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;
