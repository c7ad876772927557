import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { contractChecker } from './openapi-contract.ts';
import { submitQuery } from './submit-query.ts';
import { uploadWhole } from './tus-client.ts';

// The API checked against its own OpenAPI document from outside (openapi-contract.ts), as a
// validating proxy would: a representative journey through every area — sign-up and sign-in,
// profile, a request with files (multipart and resumable uploads), quotes, addenda, deliverables,
// chat history and files, saved replies, blogs, categories, services, users, contact — with every
// request and answer held against /api/openapi.json. A violation fails the call that caused it.
// Every other API test is held to the document the same way (harness.ts); this file walks the
// areas on purpose, so that none is left to chance.

let server: TestServer;
let admin: string;
let doc: any;

beforeAll(async () => {
  server = await startTestServer({ COMPANY_EMAIL: 'desk@example.com' }, { contract: true });
  admin = await signInAdmin(server);
  doc = (await server.call('GET', '/api/openapi.json')).body;
});
afterAll(() => server?.stop());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const pdf = () => new Blob([new Uint8Array(PDF)], { type: 'application/pdf' });
const png = async () =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
          .png()
          .toBuffer(),
      ),
    ],
    {
      type: 'image/png',
    },
  );
const ok = (res: { status: number; body: any }, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

describe('the OpenAPI document as a contract', () => {
  it('catches what a validating proxy would: an unlisted status, a body off its schema, a refused accepted request', () => {
    const { check } = contractChecker(doc);
    const headers = new Headers({ 'content-type': 'application/json' });
    expect(check('GET', '/api/services', {}, { status: 418, body: {}, headers })).toEqual([expect.stringMatching(/answered 418/)]);
    expect(check('GET', '/api/users/profile', {}, { status: 401, body: { message: 'No.' }, headers })).toEqual([
      expect.stringMatching(/401 body does not match/),
    ]);
    expect(check('POST', '/api/contact/submit', { json: { name: 'A' } }, { status: 201, body: { message: 'Sent' }, headers })).toEqual([
      expect.stringMatching(/accepted a request body the document refuses/),
    ]);
    expect(check('GET', '/api/users/profile', {}, { status: 401, body: { message: 'No.', code: 'unauthorized' }, headers })).toEqual([]);
  });

  it('declares the multipart bodies, the statuses the routes answer, and no pattern with a JavaScript flag', () => {
    for (const [path, method] of [
      ['/queries', 'post'],
      ['/users/profile', 'put'],
      ['/blogs', 'post'],
      ['/blogs/{id}', 'put'],
      ['/blogs/images', 'post'],
      ['/queries/{id}/addenda', 'post'],
      ['/queries/{id}/deliverables', 'post'],
      ['/saved-replies', 'post'],
      ['/chats/query/{id}/files', 'post'],
    ] as const) {
      expect(doc.paths[path][method].requestBody?.content['multipart/form-data']?.schema, `${method} ${path}`).toBeTruthy();
    }
    // Every operation that reads a body declares it: a client generated from the document sends
    // nothing else. These read none (an id in the path, the token, or tus headers).
    const BODILESS = [
      'post /auth/approve/{id}',
      'post /auth/logout',
      'post /staff/{id}/disable',
      'post /staff/{id}/enable',
      'post /quotes/{quoteId}/withdraw',
      'post /companies/me/leave',
      'put /queries/{id}/follow',
      'post /uploads/tus',
      'post /site/rebuild',
    ];
    const undeclared = Object.entries(doc.paths as Record<string, Record<string, { requestBody?: unknown }>>).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => ['post', 'put', 'patch'].includes(method) && !op.requestBody)
        .map(([method]) => `${method} ${path}`),
    );
    expect(undeclared.sort()).toEqual([...BODILESS].sort());
    expect(doc.paths['/uploads/tus/{id}'].patch.requestBody.content['application/offset+octet-stream']).toBeTruthy();
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    expect(statuses('/auth/register', 'post')).toEqual(expect.arrayContaining(['201', '400', '413', '415', '429']));
    expect(statuses('/auth/login', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
    expect(statuses('/auth/approve/{id}', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(statuses('/contact/submit', 'post')).toEqual(expect.arrayContaining(['201', '400', '413', '415', '429']));
    const patternsOf = (schema: unknown) =>
      [...JSON.stringify(schema).matchAll(/"pattern":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    const patterns = patternsOf(doc);
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(pattern, pattern).not.toMatch(/\/[dgimsuvy]+$/);
      // JSON Schema patterns are ECMA-262 regular expressions in Unicode mode, with no flags.
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
    }
    const phone = doc.components.schemas.ContactMessage.properties.phone;
    const phonePattern = new RegExp(patternsOf(phone)[0]!, 'u');
    for (const valid of ['305 555 0100', '+1 (305) 555-0100 ext. 12', '305.555.0100 X12']) expect(valid).toMatch(phonePattern);
  });

  it('holds a journey through every area to the document, with no violation', async () => {
    const client = await createClient(server, admin);
    ok(await server.call('GET', '/api/users/profile', { token: client.token }));
    const profile = new FormData();
    profile.append('fullName', 'Contract Client');
    profile.append('company', 'Contract Co');
    profile.append('profileImage', await png(), 'me.png');
    ok(await server.call('PUT', '/api/users/profile', { form: profile, token: client.token }));

    const services = ok(await server.call('GET', '/api/services'));
    const manufacturers = services.find((s: { title: string }) => s.title === 'Manufacturers')._id;
    const queryId = await submitQuery(server, client.token, 'Takeoff for a warehouse.', {
      projectName: 'Warehouse',
      bidDueDate: '2031-01-15',
    });
    const uploadId = await uploadWhole(server.url, client.token, 'sheet.pdf', PDF);
    ok(
      await server.call('POST', '/api/queries', {
        json: { message: 'From uploads.', service: manufacturers, uploadIds: [uploadId] },
        token: client.token,
      }),
      201,
    );
    ok(await server.call('GET', '/api/queries/me', { token: client.token }));
    ok(await server.call('GET', `/api/queries/${queryId}`, { token: client.token }));
    ok(await server.call('GET', `/api/queries/${queryId}/workspace`, { token: client.token }));
    ok(await server.call('GET', `/api/chats/query/${queryId}/message`, { token: client.token }));
    ok(await server.call('GET', '/api/recent-activities', { token: client.token }));

    ok(await server.call('GET', '/api/queries', { token: admin }));
    ok(await server.call('GET', '/api/users', { token: admin }));
    ok(await server.call('GET', '/api/users/with-queries', { token: admin }));
    ok(await server.call('GET', '/api/chats/users', { token: admin }));
    ok(await server.call('PATCH', `/api/queries/${queryId}/status`, { json: { status: 'in_progress' }, token: admin }));
    const quote = ok(
      await server.call('POST', `/api/queries/${queryId}/quotes`, {
        json: { price: 1250, rushPrice: '1800.50', rushHours: 24 },
        token: admin,
      }),
      201,
    );
    const quoteId = quote.data.quotes.at(-1)._id;
    ok(await server.call('POST', `/api/quotes/${quoteId}/accept`, { json: { option: 'standard' }, token: client.token }));
    const addendum = new FormData();
    addendum.append('files[]', pdf(), 'addendum.pdf');
    addendum.append('note', 'Revised sheet.');
    ok(await server.call('POST', `/api/queries/${queryId}/addenda`, { form: addendum, token: client.token }), 201);
    const deliverables = new FormData();
    deliverables.append('files[]', pdf(), 'takeoff.pdf');
    ok(await server.call('POST', `/api/queries/${queryId}/deliverables`, { form: deliverables, token: admin }), 201);
    const chatFile = new FormData();
    chatFile.append('files[]', pdf(), 'from-chat.pdf');
    chatFile.append('message', 'The revised sheet.');
    ok(await server.call('POST', `/api/chats/query/${queryId}/files`, { form: chatFile, token: client.token }), 201);
    const chatUpload = await uploadWhole(server.url, admin, 'answer.pdf', PDF);
    ok(await server.call('POST', `/api/chats/query/${queryId}/files`, { json: { uploadIds: [chatUpload] }, token: admin }), 201);
    const reply = new FormData();
    reply.append('title', `Contract reply ${Date.now()}`);
    reply.append('body', 'Hello {client_first_name}, the takeoff for {project_name} is attached.');
    reply.append('files[]', pdf(), 'scope.pdf');
    ok(await server.call('POST', '/api/saved-replies', { form: reply, token: admin }), 201);

    const categories = ok(await server.call('GET', '/api/categories'));
    const category = ok(await server.call('POST', '/api/categories', { json: { name: `Contract ${Date.now()}` }, token: admin }), 201);
    const blog = new FormData();
    blog.append('title', 'A contract post');
    blog.append('body', '<p>Body.</p>');
    blog.append('category', category.data?._id ?? category._id ?? categories.data[0]._id);
    blog.append('tags', 'contract, openapi');
    blog.append('status', 'published');
    blog.append('image', await png(), 'cover.png');
    const created = ok(await server.call('POST', '/api/blogs', { form: blog, token: admin }), 201);
    const edit = new FormData();
    edit.append('subTitle', 'Now with a sub-title');
    ok(await server.call('PUT', `/api/blogs/${created.data._id}`, { form: edit, token: admin }));
    const image = new FormData();
    image.append('image', await png(), 'inline.png');
    ok(await server.call('POST', '/api/blogs/images', { form: image, token: admin }), 201);
    ok(await server.call('GET', '/api/blogs'));
    ok(await server.call('GET', `/api/blogs/${created.data._id}`));

    const contact = { name: 'Dana', email: 'dana@example.com', phone: '+1 (305) 555-0100 ext. 12', service: 'Concrete', message: 'Hi.' };
    ok(await server.call('POST', '/api/contact/submit', { json: contact }), 201);
    ok(await server.call('POST', '/api/auth/logout', { token: client.token }));
  });
});
