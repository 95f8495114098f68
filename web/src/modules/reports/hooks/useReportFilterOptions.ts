import { routes, type ReportFilter } from '@openyard/contracts';
import { useMasterList } from '../../containers/hooks/useMasterList';
import { useYardLayout } from '../../containers/hooks/useYardLayout';
import { useMachines } from '../../machines/hooks/useMachines';
import { useMayCall } from '../../tasks/hooks/useMayCall';
import {
  GATE_IN_TYPE_NAMES,
  idOptionsOf,
  textOptionsOf,
  TRAILER_TYPE_NAMES,
  type FilterOption,
} from '../utils/reportFilterOptions';

export interface ReportFilterOptions {
  options: FilterOption[];
  loading: boolean;
  error: unknown;
  // The user may not list the machines (no machines permission, e.g. a manager): the machine is typed.
  typed: boolean;
}

// The choices of one filter, from the lists the other screens read (master data, the yard layout,
// the machines); only the shown filter's list is asked.
export function useReportFilterOptions(filter: ReportFilter, machineAll: boolean): ReportFilterOptions {
  const processes = useMasterList('containerProcesses', filter === 'processId');
  const sizes = useMasterList('containerSizes', filter === 'sizeId');
  const liners = useMasterList('linerInfos', filter === 'liner');
  const layout = useYardLayout({ enabled: filter === 'areaId' });
  const mayListMachines = useMayCall(routes.machines.list.access);
  const machines = useMachines({ enabled: filter === 'machineName' && mayListMachines });
  const of = (options: FilterOption[], query?: { isLoading: boolean; error: unknown }): ReportFilterOptions => ({
    options,
    loading: query?.isLoading ?? false,
    error: query?.error ?? null,
    typed: false,
  });
  switch (filter) {
    case 'processId':
      return of(idOptionsOf(processes.data), processes);
    case 'sizeId':
      return of(idOptionsOf(sizes.data), sizes);
    case 'liner':
      return of(idOptionsOf(liners.data), liners);
    case 'areaId':
      return of(idOptionsOf(layout.data?.areaLayouts.map((area) => ({ id: area.areaId, name: area.name }))), layout);
    case 'machineName':
      if (!mayListMachines) return { options: [], loading: false, error: null, typed: true };
      return of(
        textOptionsOf(
          (machines.data ?? []).map((machine) => machine.machineName),
          machineAll,
        ),
        machines,
      );
    case 'trailerType':
      return of(textOptionsOf(TRAILER_TYPE_NAMES));
    case 'gateInType':
      return of(textOptionsOf(GATE_IN_TYPE_NAMES));
  }
}
