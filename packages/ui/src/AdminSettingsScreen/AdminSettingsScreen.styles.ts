import styled from 'styled-components';
import { stack } from '../theme';

export const Form = styled.form`
  ${stack(5)}
`;

export const SaveBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

export const Skeletons = styled.div`
  ${stack(5)}
`;
