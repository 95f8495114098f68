import { Type, type Static } from 'typebox';
import { ActivityGroup } from './master-data';

// Customs house agents (CHA) and their vehicle allocations (spec 1 §2 CHA vehicles screen, §3 CHA,
// CHA allocation, Vehicle detail, §5 CHA allocation; spec 3 §7 /rest/enterprise/cha/*).

export const CHA_NAME_MAX_LENGTH = 100;
export const CHA_REGISTRATION_MAX_LENGTH = 40;
export const CHA_CONTACT_MAX_LENGTH = 100;
export const CHA_CONTACTS_MAX = 10;
// A day's vehicles of one agent for one delivery type are a handful to a few hundred; the bound
// keeps a typing slip (an extra zero or two) from reading as "no limit".
export const CHA_ALLOWED_COUNT_MAX = 10_000;
// The agent list of the screen and of the gate's picker: the first this many by name.
export const CHA_SEARCH_LIMIT = 100;

const Contacts = Type.Array(Type.String({ maxLength: CHA_CONTACT_MAX_LENGTH }), { maxItems: CHA_CONTACTS_MAX });

// CHA (agent): id, name, registrationNumber, contacts (a list of strings: phone numbers, e-mails).
export const ChaAgent = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  registrationNumber: Type.String(),
  contacts: Type.Array(Type.String()),
});
export type ChaAgent = Static<typeof ChaAgent>;

// POST /rest/enterprise/cha: a new agent. Not in the catalogue of spec 3 §7, which reads agents
// only; without it a yard would have no way to add the agents it works for.
export const ChaAgentInput = Type.Object(
  {
    name: Type.String({ maxLength: CHA_NAME_MAX_LENGTH }),
    registrationNumber: Type.String({ maxLength: CHA_REGISTRATION_MAX_LENGTH }),
    contacts: Type.Optional(Contacts),
  },
  { additionalProperties: false },
);
export type ChaAgentInput = Static<typeof ChaAgentInput>;

// The answer of an agent's save (a new agent, its contacts): "success", the notice, the agent.
export const ChaAgentSaved = Type.Object({ responsestatus: Type.String(), message: Type.String(), agent: ChaAgent });
export type ChaAgentSaved = Static<typeof ChaAgentSaved>;

// PUT /rest/enterprise/cha/{id}/contacts: the agent's whole list of contacts.
export const ChaContactsInput = Contacts;
export type ChaContactsInput = Static<typeof ChaContactsInput>;

// GET /rest/enterprise/cha/search?query=: agents whose name or registration number holds the text
// (any case); an empty query lists the first agents by name.
export const ChaSearchQuery = Type.Object({ query: Type.Optional(Type.String({ maxLength: 100 })) });
export type ChaSearchQuery = Static<typeof ChaSearchQuery>;

export const ChaIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const ChaAllocationParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  allocId: Type.Integer({ minimum: 1 }),
});

// GET /rest/enterprise/cha/equipments: what an allocation may give an agent besides vehicles.
export const ChaEquipment = Type.Object({ id: Type.Integer(), name: Type.String() });
export type ChaEquipment = Static<typeof ChaEquipment>;

// A delivery type is an activity of the VEHICLE GATE-IN group (spec 1 §9: the trailer gate-in
// types Import, Loaded Delivery, De-stuff Delivery, Empty Delivery): the "process" of the gate's
// Gate Count Alert.
export const DeliveryTypeRef = Type.Object({ activityId: Type.Integer(), activityName: Type.String() });
export type DeliveryTypeRef = Static<typeof DeliveryTypeRef>;

// One entry of allowedDeliveries (spec 1 §3): the vehicles the agent may bring for one delivery
// type, of which so many 20 ft and so many 40 ft, and how many have gated in. Its id is the
// trailer gate-in's vehicleDetailId.
export const AllowedDelivery = Type.Object({
  id: Type.Integer(),
  deliveryType: DeliveryTypeRef,
  allowedCount: Type.Integer(),
  allowed20: Type.Integer(),
  allowed40: Type.Integer(),
  gatedInCount: Type.Integer(),
});
export type AllowedDelivery = Static<typeof AllowedDelivery>;

// CHA allocation (spec 1 §3): id, createDate (ms), agent {id}, equipments, and allowedDeliveries
// keyed by delivery type name.
export const ChaAllocation = Type.Object({
  id: Type.Integer(),
  createDate: Type.Integer(),
  agent: Type.Object({ id: Type.Integer() }),
  equipments: Type.Array(ChaEquipment),
  allowedDeliveries: Type.Record(Type.String(), AllowedDelivery),
});
export type ChaAllocation = Static<typeof ChaAllocation>;

// GET /rest/enterprise/cha/{id}/allocation: the agent's current allocation (its latest), or null
// when it has none yet.
export const ChaCurrentAllocation = Type.Union([ChaAllocation, Type.Null()]);
export type ChaCurrentAllocation = Static<typeof ChaCurrentAllocation>;

const Count = Type.Integer({ minimum: 0, maximum: CHA_ALLOWED_COUNT_MAX });

// What a save sends per delivery type; the gated-in count is the gate's, never the form's.
export const AllowedDeliveryInput = Type.Object(
  {
    deliveryType: Type.Object({ activityId: Type.Integer({ minimum: 1 }) }),
    allowedCount: Count,
    allowed20: Count,
    allowed40: Count,
  },
  { additionalProperties: false },
);
export type AllowedDeliveryInput = Static<typeof AllowedDeliveryInput>;

// POST {id}/allocation starts a new allocation (counts from zero); PUT {id}/allocation/{allocId}
// changes the figures and equipments of one, keeping what has gated in. Delivery types left out of
// a PUT keep their figures.
export const ChaAllocationInput = Type.Object(
  {
    equipments: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }) }), { maxItems: 50 }),
    allowedDeliveries: Type.Record(Type.String({ maxLength: 100 }), AllowedDeliveryInput, { maxProperties: 50 }),
  },
  { additionalProperties: false },
);
export type ChaAllocationInput = Static<typeof ChaAllocationInput>;

// The answer of a save: "success", the spec's notice ('Successfully saved current allocation.')
// and the allocation as stored.
export const ChaAllocationSaved = Type.Object({
  responsestatus: Type.String(),
  message: Type.String(),
  allocation: ChaAllocation,
});
export type ChaAllocationSaved = Static<typeof ChaAllocationSaved>;

// Vehicle detail (spec 1 §3): one delivery type of an agent's current allocation, as the trailer
// gate-in picks it (master data cha/{id}/activity/{x}); its id is the form's vehicleDetailId.
export const VehicleDetail = Type.Object({
  id: Type.Integer(),
  deliveryType: Type.Object({ activityId: Type.Integer(), activityName: Type.String(), activityGroup: ActivityGroup }),
  gatedInCount: Type.Integer(),
  allowedCount: Type.Integer(),
  allowed20: Type.Integer(),
  allowed40: Type.Integer(),
});
export type VehicleDetail = Static<typeof VehicleDetail>;

// Master data chas/activity/{x} and cha/{id}/activity/{x}: the activity by name (any case), as the
// trailer gate-in form holds its gate-in type.
export const ChaActivityParams = Type.Object({ activity: Type.String({ minLength: 1, maxLength: 100 }) });
export const ChaAgentActivityParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  activity: Type.String({ minLength: 1, maxLength: 100 }),
});
export const ChaVehicleDetailAnswer = Type.Union([VehicleDetail, Type.Null()]);
export type ChaVehicleDetailAnswer = Static<typeof ChaVehicleDetailAnswer>;
