import { useQuery } from '@tanstack/react-query';
import { STALE_TIMES_MS } from '@openyard/contracts';
import { api } from '../../../api/http';
import { chaQueryKeys } from '../utils/chaQueryKeys';

// GET cha/delivery-types and cha/equipments: the rows and the choices of the allocation form.
export function useDeliveryTypes() {
  return useQuery({
    queryKey: chaQueryKeys.deliveryTypes,
    queryFn: () => api.cha.deliveryTypes(),
    staleTime: STALE_TIMES_MS.masterLists,
  });
}

export function useChaEquipments() {
  return useQuery({
    queryKey: chaQueryKeys.equipments,
    queryFn: () => api.cha.equipments(),
    staleTime: STALE_TIMES_MS.masterLists,
  });
}
