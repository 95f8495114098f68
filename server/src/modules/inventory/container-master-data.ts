import { messages, type ContainerInput } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest } from '../../errors';
import { keptByVersion } from '../../lib/kept-by-version';
import { masterDataRepository } from '../master-data';

type MasterNames = Pick<
  ContainerInput,
  'sizeName' | 'size' | 'containerType' | 'process' | 'category' | 'cargoType' | 'customer'
>;

// Master data named as the lists name it (case does not matter), to ids: the container editor's
// save and the gate's gate-in resolve sizes, types, processes and the rest the same way. An unknown
// name is refused (400 unknownMasterData); undefined leaves a field as it is, null or '' clears it.
export async function containerMasterIds(database: Database, input: MasterNames) {
  return (await containerMasterResolver(database))(input);
}

const readLists = (database: Database) =>
  Promise.all([
    masterDataRepository.sizes(database),
    masterDataRepository.types(database),
    masterDataRepository.named(database, 'container-processes'),
    masterDataRepository.named(database, 'categories'),
    masterDataRepository.named(database, 'cargo-types'),
    masterDataRepository.customers(database),
  ]);

// The lists kept per database handle with the master-data version read before them
// (master_data_state: every statement that changes one of these lists gives it a new version, in
// the changing transaction). A call reads the version, one row, and reads the six lists again only
// when it moved: a gate-in made six statements fewer, each of which waited its turn behind the
// device pipeline's writes on PGlite.
const keptLists = keptByVersion(readLists);
const masterLists = async (database: Database) => keptLists(database, await masterDataRepository.version(database));

// The same resolution for many inputs against one read of the lists (a sheet's rows).
export async function containerMasterResolver(database: Database) {
  const [sizes, types, processes, categories, cargoTypes, customers] = await masterLists(database);
  const pick = <T extends { id: number; name: string }>(
    list: T[],
    label: string,
    value: string | null | undefined,
    also?: (row: T) => string,
  ): number | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') return null;
    const wanted = value.trim().toLowerCase();
    const found = list.find((row) => row.name.toLowerCase() === wanted || also?.(row).toLowerCase() === wanted);
    if (!found) throw badRequest(messages.unknownMasterData(label, value));
    return found.id;
  };
  return (input: MasterNames) => {
    let sizeId: number | undefined;
    if (input.sizeName !== undefined && input.sizeName.trim() !== '') {
      sizeId = pick(sizes, 'size', input.sizeName) ?? undefined;
    } else if (input.size !== undefined) {
      const found = sizes.find((size) => size.lengthFeet === input.size);
      if (!found) throw badRequest(messages.unknownMasterData('size', String(input.size)));
      sizeId = found.id;
    }
    return {
      sizeId,
      lengthOf: (id: number) => sizes.find((size) => size.id === id)?.lengthFeet ?? 20,
      typeId: pick(types, 'container type', input.containerType),
      processId: pick(processes, 'process', input.process),
      categoryId: pick(categories, 'category', input.category),
      cargoTypeId: pick(cargoTypes, 'cargo type', input.cargoType),
      customerId: pick(customers, 'customer', input.customer, (row) => row.code),
    };
  };
}
