import styled from 'styled-components';

export const Figure = styled.div`
  display: inline-grid;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #ffffff;
  box-shadow: ${({ theme }) => theme.shadows.sm};
  line-height: 0;
  svg {
    max-inline-size: 100%;
    block-size: auto;
  }
`;
