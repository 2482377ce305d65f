import { useQuery } from '@tanstack/react-query';
import { api } from '../../data/api.ts';

/** The catalogue's categories and brands: they change only with the server's version. */
export const chooseKeys = {
  categories: ['device-categories'] as const,
  brands: ['device-brands'] as const,
};

/** `GET /device-categories`: the catalogue's families with their models' profile ids. */
export function useDeviceCategoriesQuery() {
  return useQuery({
    queryKey: chooseKeys.categories,
    queryFn: () => api.call('deviceCategories', {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET /device-brands`: each brand (`generic` is Hestia's own) with its models' profile ids. */
export function useDeviceBrandsQuery() {
  return useQuery({
    queryKey: chooseKeys.brands,
    queryFn: () => api.call('deviceBrands', {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
