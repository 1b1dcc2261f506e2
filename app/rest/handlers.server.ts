// The generic REST handlers: one per verb, for every entity of the table (app/rest/table.ts).
// GET lists or reads, POST creates, PUT merges the body over the record and saves it, DELETE
// deletes; writes are owner only. Uploaded images are answered as absolute URLs of this site,
// and taken back as /images/KEY (utils/api-images.server.ts). apiRoute (utils/api.server.ts) answers OPTIONS, 405 with Allow
// for a verb the table does not list, and turns failures into JSON.
import type { RestShape, RestVerb } from "~/entities/rest";
import {
  apiError,
  apiJson,
  apiNotFound,
  apiRoute,
  createdAnswer,
  deletedAnswer,
  isApiOwner,
  mergeForUpdate,
  readBody,
  requireApiId,
  requireApiOwner,
  updatedAnswer,
  validateBody,
  withIds,
  noSuchItem,
  type ApiArgs,
  type ApiHandler,
  type ApiMethod,
  type Body,
} from "~/utils/api.server";
import { isRefusal, type Refusal } from "~/entities/entity.server";
import { withAbsoluteImages, withLocalImages } from "~/utils/api-images.server";
import { REST_SERVICES, type RestBinding } from "./services.server";
import { restShapeOf } from "./table";

type On = "collection" | "item";

function bodySchemaOf(shape: RestShape, on: On, verb: RestVerb) {
  const name = shape[on]?.[verb]?.body;
  const schema = name ? shape.bodies?.[name]?.schema : undefined;
  if (!schema) throw new Error(`${verb} ${shape.path}: no body schema in its REST shape.`);
  return schema;
}

/** A write the service refused because it clashes with another record (a duplicate name). */
function conflict(refusal: Refusal) {
  const [message] = Object.values(refusal.fieldErrors);
  return apiError(409, message, { fields: refusal.fieldErrors });
}

function missing(shape: RestShape, what: string): never {
  throw new Error(`${shape.path}: the REST table lists a verb its service has no ${what} for.`);
}

/** The handlers of one table path (collection or item), by HTTP method. */
function handlersOf(shape: RestShape, binding: RestBinding, on: On) {
  const { service } = binding;
  const ops = shape[on] ?? {};
  const imageFields = binding.imageFields ?? [];
  const toJson = (request: Request) => (row: { id: number }) =>
    withAbsoluteImages(
      (binding.toJson ? binding.toJson(row as never) : withIds(row)) as object,
      imageFields,
      request,
    );
  const reader = async (request: Request) => ({
    owner: binding.ownerReads ? await isApiOwner(request) : false,
  });
  const prepare = (body: Body, request: Request) =>
    withLocalImages(binding.prepareBody ? binding.prepareBody(body) : body, imageFields, request);
  const validate = (body: Body, verb: "post" | "put") =>
    validateBody(bodySchemaOf(shape, on, verb), body);

  const handlers: Partial<Record<ApiMethod, ApiHandler>> = {};
  if (ops.get && on === "collection") {
    handlers.GET = async ({ request }) =>
      apiJson((await service.list(await reader(request))).map(toJson(request)));
  }
  if (ops.get && on === "item") {
    handlers.GET = async ({ request, params }) => {
      const id = requireApiId(params);
      const row = await service.get(id, await reader(request));
      return row ? apiJson(toJson(request)(row)) : noSuchItem(shape.noun, id);
    };
  }
  if (ops.post) {
    const create = service.create ?? missing(shape, "create");
    handlers.POST = async ({ request }) => {
      await requireApiOwner(request);
      const input = validate(prepare(await readBody(request), request), "post");
      const created = await create(input);
      if (isRefusal(created)) return conflict(created);
      return createdAnswer(created.id);
    };
  }
  if (ops.put) {
    const update = service.update ?? missing(shape, "update");
    handlers.PUT = async ({ request, params }) => {
      await requireApiOwner(request);
      const id = requireApiId(params);
      const body = prepare(await readBody(request), request);
      const current = await service.get(id, { owner: true });
      if (!current) return updatedAnswer(shape.noun, id, { matchedCount: 0, modifiedCount: 0 });
      const input = validate(mergeForUpdate(current, body), "put");
      const updated = await update(id, input);
      if (isRefusal(updated)) return conflict(updated);
      return updatedAnswer(shape.noun, id, updated);
    };
  }
  if (ops.delete) {
    const remove = service.remove ?? missing(shape, "remove");
    handlers.DELETE = async ({ request, params }) => {
      await requireApiOwner(request);
      const id = requireApiId(params);
      const { deletedCount, blockedBy } = await remove(id);
      if (blockedBy && binding.blockedText) {
        return apiError(409, binding.blockedText(blockedBy), {
          acknowledged: true,
          deletedCount: 0,
          blockedBy,
        });
      }
      return deletedAnswer(shape.noun, id, deletedCount);
    };
  }
  return handlers;
}

const routes = new Map<string, (args: ApiArgs) => Promise<Response>>();

/** The loader and action of the generic collection or item route module. */
export function restEntityRoute(on: On) {
  return (args: ApiArgs): Promise<Response> => {
    const shape = restShapeOf(new URL(args.request.url).pathname);
    const binding = shape ? REST_SERVICES[shape.path] : undefined;
    if (!shape || !binding) return apiNotFound.loader(args);
    const key = `${on} ${shape.path}`;
    let handle = routes.get(key);
    if (!handle) {
      handle = apiRoute(handlersOf(shape, binding, on)).loader;
      routes.set(key, handle);
    }
    return handle(args);
  };
}
