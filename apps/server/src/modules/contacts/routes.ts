import { contactsEndpoints as e } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { sendDownload } from "../../platform/spreadsheet-worker.ts";
import { currentWording, saveWording } from "./consent-wording.ts";
import { consentHistory } from "./consents.ts";
import { createContact } from "./create-contact.ts";
import { createContactGroup } from "./create-contact-group.ts";
import { deleteContact } from "./delete-contact.ts";
import { deleteContactGroup } from "./delete-contact-group.ts";
import { deleteContacts } from "./delete-contacts.ts";
import { exportConsents } from "./export-consents.ts";
import { exportContacts } from "./export-contacts.ts";
import { getContact } from "./get-contact.ts";
import { getContactGroup } from "./get-contact-group.ts";
import { listContactGroups } from "./list-contact-groups.ts";
import { listContacts } from "./list-contacts.ts";
import { updateContact } from "./update-contact.ts";
import { updateContactGroup } from "./update-contact-group.ts";

/** Contact groups and contacts of the current organization (/c/contact-groups*, /c/contacts/{id}). */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, e.listGroups, async (request) => ({
    data: await listContactGroups(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, e.createGroup, async (request, reply) =>
    reply.status(201).send({
      data: await createContactGroup({
        scope: request.tenant.scope,
        userId: request.tenant.userId,
        input: request.body,
      }),
    }),
  );

  registerEndpoint(app, e.getGroup, async (request) => ({
    data: await getContactGroup(request.tenant.scope, request.params.id),
  }));

  registerEndpoint(app, e.updateGroup, async (request) => ({
    data: await updateContactGroup({
      scope: request.tenant.scope,
      id: request.params.id,
      input: request.body,
    }),
  }));

  registerEndpoint(app, e.deleteGroup, async (request) => ({
    data: await deleteContactGroup(request.tenant.scope, request.params.id),
  }));

  registerEndpoint(app, e.listContacts, async (request) => ({
    data: await listContacts(request.tenant.scope, request.params.id, request.query),
  }));

  registerEndpoint(app, e.createContact, async (request, reply) =>
    reply.status(201).send({
      data: await createContact({
        scope: request.tenant.scope,
        groupId: request.params.id,
        input: request.body,
        userId: request.tenant.userId,
      }),
    }),
  );

  registerEndpoint(app, e.deleteContacts, async (request) => ({
    data: await deleteContacts({
      scope: request.tenant.scope,
      groupId: request.params.id,
      ids: request.body.ids,
    }),
  }));

  registerEndpoint(app, e.exportContacts, async (request, reply) => {
    const file = await exportContacts({
      scope: request.tenant.scope,
      groupId: request.params.id,
      format: request.query.format,
      locale: request.locale,
    });
    return sendDownload(reply, file);
  });

  registerEndpoint(app, e.getContact, async (request) => ({
    data: await getContact(request.tenant.scope, request.params.id),
  }));

  registerEndpoint(app, e.exportConsents, async (request, reply) => {
    const file = exportConsents({
      scope: request.tenant.scope,
      format: request.query.format,
      locale: request.locale,
    });
    return sendDownload(reply, file);
  });

  registerEndpoint(app, e.contactConsents, async (request) => ({
    data: await consentHistory(request.tenant.scope, request.params.id),
  }));

  registerEndpoint(app, e.getConsentWording, async (request) => ({
    data: await currentWording(request.tenant.scope.db, request.tenant.organizationId),
  }));

  registerEndpoint(app, e.updateConsentWording, async (request) => ({
    data: await saveWording(request.tenant.scope, request.body.text, request.tenant.userId),
  }));

  registerEndpoint(app, e.updateContact, async (request) => ({
    data: await updateContact({
      scope: request.tenant.scope,
      id: request.params.id,
      input: request.body,
      userId: request.tenant.userId,
    }),
  }));

  registerEndpoint(app, e.deleteContact, async (request) => ({
    data: await deleteContact(request.tenant.scope, request.params.id),
  }));
};
