/** The signed-in session's stores and the router, for every component below the shell. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Dashboard } from './store/dashboard';
import type { Router } from './store/router';

export const DashboardContext = createContext<Dashboard | null>(null);
export const RouterContext = createContext<Router | null>(null);

export function useDashboard(): Dashboard {
  const dashboard = useContext(DashboardContext);
  if (!dashboard) throw new Error('useDashboard outside a signed-in session');
  return dashboard;
}

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside the app');
  return router;
}

export const useTerminals = <T>(pick: (s: ReturnType<Dashboard['terminals']['getState']>) => T) =>
  useStore(useDashboard().terminals, pick);
export const usePayments = <T>(pick: (s: ReturnType<Dashboard['payments']['getState']>) => T) =>
  useStore(useDashboard().payments, pick);
export const useWebhooks = <T>(pick: (s: ReturnType<Dashboard['webhooks']['getState']>) => T) =>
  useStore(useDashboard().webhooks, pick);
export const useRefunds = <T>(pick: (s: ReturnType<Dashboard['refunds']['getState']>) => T) =>
  useStore(useDashboard().refunds, pick);
export const usePaymentPage = <T>(
  pick: (s: ReturnType<Dashboard['paymentPage']['getState']>) => T,
) => useStore(useDashboard().paymentPage, pick);
export const useBank = <T>(pick: (s: ReturnType<Dashboard['bank']['getState']>) => T) =>
  useStore(useDashboard().bank, pick);
export const useDevices = <T>(pick: (s: ReturnType<Dashboard['devices']['getState']>) => T) =>
  useStore(useDashboard().devices, pick);
export const useCustomers = <T>(pick: (s: ReturnType<Dashboard['customers']['getState']>) => T) =>
  useStore(useDashboard().customers, pick);
