'use client';
import { useEffect } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { AuthCard } from './form-field';

/** Activate ([R2.34]): the heading and the success snackbar after registering. */
export function ActivateNotice() {
  const { t, showSnackbar } = useAppState();
  useEffect(() => {
    showSnackbar(t('activate.snackbar'), 'success');
  }, [showSnackbar, t]);
  return <AuthCard title={t('activate.title')}>{null}</AuthCard>;
}
