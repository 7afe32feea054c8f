import type { FormRule } from 'antd';

interface Messages {
  required: string;
  tooWeak: string;
  mismatch: string;
  same: string;
  account: string;
}

export const MIN_PASSWORD_LENGTH = 8;

/** Same rules as the server (changePasswordBody plus "not the account name"), checked before sending. */
export function passwordRules({ required, tooWeak, mismatch, same, account }: Messages) {
  const old: FormRule[] = [{ required: true, message: required }];
  const next: FormRule[] = [
    { required: true, message: required },
    { min: MIN_PASSWORD_LENGTH, message: tooWeak },
    {
      validator: async (_, value?: string) =>
        value && value === account ? Promise.reject(new Error(tooWeak)) : undefined,
    },
    ({ getFieldValue }) => ({
      validator: async (_, value?: string) =>
        value && value === getFieldValue('old_password') ? Promise.reject(new Error(same)) : undefined,
    }),
  ];
  const confirm: FormRule[] = [
    { required: true, message: required },
    ({ getFieldValue }) => ({
      validator: async (_, value?: string) =>
        !value || value === getFieldValue('new_password') ? undefined : Promise.reject(new Error(mismatch)),
    }),
  ];
  return { old, next, confirm };
}
