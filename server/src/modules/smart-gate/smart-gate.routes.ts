import type { FastifyInstance } from 'fastify';
import { routes } from '@openyard/contracts';
import { registerRoutes } from '../../lib/routes';
import { requirePrincipal } from '../../plugins/access';
import type { SmartGateService } from './smart-gate.service';

// The smart gate's calls of the catalogue (contracts/src/api/routes/smart-gate.ts).
export async function smartGateRoutes(app: FastifyInstance, { smartGate }: { smartGate: SmartGateService }) {
  registerRoutes(app, routes.smartGate, {
    gatePass: ({ query }) => smartGate.gatePass(query.containerNumber),
    gatePasses: ({ query }) => smartGate.gatePasses(query),
    createGatePass: (request) => smartGate.saveGatePass(request.body, requirePrincipal(request), 'create'),
    updateGatePass: (request) => smartGate.saveGatePass(request.body, requirePrincipal(request), 'update'),
    deleteGatePass: ({ params }) => smartGate.deleteGatePass(params.id),
    uploadGatePasses: (request) => smartGate.uploadGatePasses(request.body.file, requirePrincipal(request)),
    igateDispatch: (request) => smartGate.igateDispatch(request.body, requirePrincipal(request)),
    igateIn: (request) => smartGate.igateIn(request.body, requirePrincipal(request)),
    dispatchReport: (request) => smartGate.dispatchReport(request.query, requirePrincipal(request)),
    dispatchReportExport: (request) => smartGate.exportDispatchReport(request.query, requirePrincipal(request)),
    inReport: (request) => smartGate.inReport(request.query, requirePrincipal(request)),
    inReportExport: (request) => smartGate.exportInReport(request.query, requirePrincipal(request)),
    accuracy: ({ query }) => smartGate.accuracy(query),
    candidates: ({ query }) => smartGate.candidates(query.gateId, query.recordId),
    mine: (request) => smartGate.mine(requirePrincipal(request)),
    userGates: (request) => smartGate.userGates(request.params.id, requirePrincipal(request)),
    setUserGates: (request) =>
      smartGate.setUserGates(request.params.id, request.body.gateIds, requirePrincipal(request)),
  });
}
