import { sql } from 'drizzle-orm';
import { can } from '../../../lib/policy';
import { invoiceHoldRefusal } from '../../../lib/policy/invoice-hold';
import { clientKind } from '../../../lib/records/kinds/client';
import { clientFields } from '../../../lib/sync/fields';
import { rows } from '../../sync/records';
import type { ServerKind } from '../kind';

/**
 * A client's contact and billing details (issue 31): only those who see every row (Admins) are
 * sent them. Everyone else sees a client by its name, country and status, enough to label
 * projects and reports, and not the people to call or the tax numbers to bill.
 */
const clientDetails = {
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  taxName: '',
  taxPercentage: null,
  taxNumber: '',
  vatNumber: '',
  city: '',
  postCode: '',
  electronicAddress: '',
  electronicAddressScheme: '',
  buyerReference: '',
} as const;

export const clientServerKind: ServerKind = {
  description: clientKind,
  fields: clientFields,
  table: 'clients',
  columns: () => ({}),
  // The clients of the projects that list the reader.
  visibleTo: ({ col, theirProjects }) =>
    sql`${col('id')} IN (SELECT vp.client_id ${theirProjects} AND vp.client_id IS NOT NULL)`,
  hidden: [{ unless: 'seesEveryRow', emptied: clientDetails }],
  refusal: ({ actor }) => can(actor, 'manageClients', 'workspace', {}),
  // The client of an issued invoice (made out to it, or holding time of its projects) stays.
  guardDelete: async (runner, workspaceId, id) => {
    const [found] = await rows<{ number: string }>(
      runner,
      sql`SELECT number FROM invoices
          WHERE workspace_id = ${workspaceId} AND client_id = ${id} AND status = 'issued'
        UNION
        SELECT l.data->>'invoice' FROM time_logs l
          JOIN projects p ON p.workspace_id = l.workspace_id AND p.id = l.project_id
          WHERE l.workspace_id = ${workspaceId} AND p.client_id = ${id} AND NOT l.deleted
            AND l.data->>'invoice' IS NOT NULL
        ORDER BY 1 LIMIT 1`,
    );
    return invoiceHoldRefusal('client', found?.number ?? null);
  },
  labelsLogs: true,
};
