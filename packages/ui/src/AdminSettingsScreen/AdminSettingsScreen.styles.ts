import styled from 'styled-components';

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;

export const SaveBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

export const Skeletons = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
`;
