import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// Hostile uploads beyond names and sizes: archives are stored as they came and
// never expanded, and image slots refuse SVG (script-capable) and disguised files.

/** A one-entry ZIP of `size` zero bytes: a few KB on the wire, far larger if expanded. */
function zipBomb(size: number): Buffer {
  const data = zlib.deflateRawSync(Buffer.alloc(size), { level: 9 });
  const name = Buffer.from('zeros.bin');
  const crc = zlib.crc32(Buffer.alloc(size));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const offset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

let server: TestServer;
let client: { token: string };
let serviceId: string;

beforeAll(async () => {
  server = await startTestServer();
  client = await createClient(server, await signInAdmin(server));
  const services = (await server.call('GET', '/api/services')).body as Array<{ _id: string; subservices: unknown[] }>;
  serviceId = services.find((s) => s.subservices.length === 0)!._id;
});
afterAll(async () => {
  await server?.stop();
});

async function submit(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('message', 'Plans for a warehouse in Doral');
  form.append('service', serviceId);
  form.append('files[]', new Blob([new Uint8Array(bytes)]), name);
  return server.call('POST', '/api/queries', { form, token: client.token });
}

describe('hostile uploads', () => {
  it('stores a zip bomb as the bytes that arrived, never expanded', async () => {
    const bomb = zipBomb(50 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await submit('plans.zip', bomb);
    expect(res.status).toBe(201);
    const file = res.body.data.files[0];
    expect(file.size).toBe(bomb.length);
    const row = await server.deps.db.selectFrom('query_files').select('storage_key').where('id', '=', file._id).executeTakeFirstOrThrow();
    const stat = await fs.stat(server.deps.storage.resolve(row.storage_key));
    expect(stat.size).toBe(bomb.length);
    // Nothing was unpacked next to it.
    const dir = await fs.readdir(path.dirname(server.deps.storage.resolve(row.storage_key)));
    expect(dir.filter((f) => !f.endsWith('.zip'))).toEqual([]);
  });

  it('refuses an SVG, even named .png, where an image is expected', async () => {
    for (const name of ['avatar.svg', 'avatar.png']) {
      const form = new FormData();
      form.append('fullName', 'Client With Svg');
      form.append('profileImage', new Blob([new Uint8Array(SVG)], { type: 'image/png' }), name);
      const res = await server.call('PUT', '/api/users/profile', { form, token: client.token });
      expect(res.status, name).toBe(415);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const profile = await server.call('GET', '/api/users/profile', { token: client.token });
    expect(profile.body.data.profileImage ?? null).toBeNull();
  });

  it('refuses a PDF disguised as an image and an executable disguised as a PDF', async () => {
    const form = new FormData();
    form.append('fullName', 'Client');
    form.append('profileImage', new Blob([new Uint8Array(PDF)]), 'photo.jpg');
    expect((await server.call('PUT', '/api/users/profile', { form, token: client.token })).status).toBe(415);
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
    expect((await submit('takeoff.pdf', elf)).status).toBe(415);
  });
});
