/** Renders a page inside the access context the app would give a user holding `permissions`. */
import { AccessContext } from '@@/plugin-access/context';
import { render } from '@testing-library/react';
import type React from 'react';
import access from '@/access';

export function renderWithPermissions(ui: React.ReactElement, permissions: string[], username = 'u') {
  const value = access({
    currentUser: { username, name: '测试', avatar: '', access: '', permission: permissions, plantTimeZone: 'UTC' },
  });
  return render(<AccessContext.Provider value={value as never}>{ui}</AccessContext.Provider>);
}

/** An API answer in the server's envelope. */
export const ok = <T,>(data: T) => ({ code: 0, msg: 'ok', data });
