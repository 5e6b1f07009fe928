import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { logWarning, separApi, useLogoutMutation } from '@separ/api';
import { clearUserData } from '../app/appSlice.ts';
import { useAppDispatch } from '../app/hooks.ts';
import { clearSessionCookies } from '../app/session.ts';
import { sessionChecked } from '../app/uiSlice.ts';

/** Logout (SPEC §4, CONTRACTS §3): the server ends the session, the page forgets the user and both cookies, then /login. */
export function useLogout(): { logout(): void; loggingOut: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [call, { isLoading }] = useLogoutMutation();
  const logout = useCallback(() => {
    void (async () => {
      const result = await call();
      if (result.error) logWarning('logout: the server did not confirm; the page forgets the session anyway');
      clearSessionCookies();
      dispatch(clearUserData());
      dispatch(sessionChecked(false));
      dispatch(separApi.util.resetApiState());
      void navigate('/login', { replace: true });
    })();
  }, [call, dispatch, navigate]);
  return { logout, loggingOut: isLoading };
}
