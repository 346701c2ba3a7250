/**
 * A small, real HTTP server that answers the GitHub REST endpoints celgate uses, so tests drive
 * the real Octokit over real HTTP (DESIGN.md, Conventions). It records every request.
 *
 *   GET   /repos/{o}/{r}/issues/{n}/comments      per_page/page + Link header
 *   POST  /repos/{o}/{r}/issues/{n}/comments
 *   PATCH /repos/{o}/{r}/issues/comments/{id}
 *   POST  /repos/{o}/{r}/check-runs
 *   PATCH /repos/{o}/{r}/check-runs/{id}           annotations append, as on GitHub
 *   GET   /user                                    a personal access token's user; 403 for
 *                                                  installation tokens, as on GitHub
 *   POST  /graphql                                 `viewer { login }` only
 *
 * Each token acts as an identity (`identities`; an unknown token is the workflow's GITHUB_TOKEN,
 * `github-actions[bot]`): comments are written as it, and an installation token may not edit
 * another account's comment. `faults` make chosen requests fail, e.g. a 429 on the third batch.
 */
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface GitHubUser {
  login: string
  type: 'User' | 'Bot' | 'Organization'
}

/** The token's identity: who the comments and check runs created through the fake belong to. */
export const ACTIONS_BOT: GitHubUser = { login: 'github-actions[bot]', type: 'Bot' }

export interface FakeComment {
  id: number
  /** `owner/repo`; not part of GitHub's comment object, but the fake keeps it to route. */
  repository: string
  issueNumber: number
  body: string
  user: GitHubUser
  html_url: string
  created_at: string
  updated_at: string
}

export interface SeedComment {
  /** `owner/repo`; default `octo-org/demo`. */
  repository?: string
  issueNumber: number
  body: string
  /** Default: a person, `octocat`. */
  user?: GitHubUser
}

export interface FakeCheckRun {
  id: number
  repository: string
  name: string
  head_sha: string
  status: string
  conclusion: string | null
  output: { title?: string; summary?: string; text?: string }
  /** Every annotation sent, in order, over the create and all updates. */
  annotations: unknown[]
}

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown
}

/**
 * Who a token acts as. `user`: a personal access token (GET /user answers); `installation`: the
 * workflow's GITHUB_TOKEN or a GitHub App's token (GET /user is refused, GraphQL's viewer is the
 * app's bot user).
 */
export interface FakeIdentity {
  user: GitHubUser
  kind: 'user' | 'installation'
}

export const GITHUB_TOKEN_IDENTITY: FakeIdentity = { user: ACTIONS_BOT, kind: 'installation' }

/** A request the fake answers with an error instead of serving it. */
export interface FakeFault {
  method?: string
  path: RegExp
  /** Narrows the requests that count, e.g. only check-run updates carrying annotations. */
  when?: (request: RecordedRequest) => boolean
  /** Matching requests served normally before the fault starts (default 0). */
  skip?: number
  /** Matching requests answered with the error (default: all from then on). */
  times?: number
  status: number
  headers?: Record<string, string>
  message?: string
  /** Counted by the fake. */
  seen?: number
}

export interface FakeGitHubApiOptions {
  comments?: SeedComment[]
  /** Answer writes (POST, PATCH) or every request with 403, as for a read-only token. */
  forbid?: 'writes' | 'all'
  /** Token → identity; any other token is GITHUB_TOKEN_IDENTITY. */
  identities?: Record<string, FakeIdentity>
  faults?: FakeFault[]
}

const DOCS = 'https://docs.github.com/rest'
const START_TIME = Date.parse('2026-01-01T00:00:00Z')

export class FakeGitHubApi {
  readonly requests: RecordedRequest[] = []
  readonly comments: FakeComment[] = []
  readonly checkRuns: FakeCheckRun[] = []
  /** May be changed between calls, e.g. to turn a token read-only mid-test. */
  forbid: 'writes' | 'all' | undefined
  readonly identities: Record<string, FakeIdentity>
  /** May be changed between calls. */
  faults: FakeFault[]

  private readonly server: Server
  private nextId = 1000
  private clock = 0
  private baseUrl = ''

  constructor(options: FakeGitHubApiOptions = {}) {
    this.forbid = options.forbid
    this.identities = { ...options.identities }
    this.faults = options.faults ?? []
    for (const seed of options.comments ?? []) {
      this.addComment(seed.repository ?? 'octo-org/demo', seed.issueNumber, seed.body, seed.user)
    }
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        send(res, 500, { message: String(error), documentation_url: DOCS })
      })
    })
  }

  get url(): string {
    if (this.baseUrl === '') throw new Error('FakeGitHubApi: call start() first')
    return this.baseUrl
  }

  async start(): Promise<{ url: string }> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(0, '127.0.0.1', resolve)
    })
    const { port } = this.server.address() as AddressInfo
    this.baseUrl = `http://127.0.0.1:${port}`
    return { url: this.baseUrl }
  }

  async stop(): Promise<void> {
    // Octokit's fetch keeps connections alive; close them or close() waits for them.
    this.server.closeAllConnections()
    await new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve()))
    )
  }

  /** The comments of one issue, oldest first. */
  commentsOn(issueNumber: number, repository = 'octo-org/demo'): FakeComment[] {
    return this.comments.filter((c) => c.repository === repository && c.issueNumber === issueNumber)
  }

  addComment(
    repository: string,
    issueNumber: number,
    body: string,
    user: GitHubUser = { login: 'octocat', type: 'User' }
  ): FakeComment {
    const id = this.nextId++
    const now = this.tick()
    const comment: FakeComment = {
      id,
      repository,
      issueNumber,
      body,
      user,
      html_url: `https://github.com/${repository}/pull/${issueNumber}#issuecomment-${id}`,
      created_at: now,
      updated_at: now
    }
    this.comments.push(comment)
    return comment
  }

  /** Timestamps move one second per write, so "newest" is well defined. */
  private tick(): string {
    return new Date(START_TIME + 1000 * this.clock++).toISOString().replace('.000Z', 'Z')
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl)
    const raw = await readBody(req)
    const method = req.method ?? 'GET'
    const body: unknown = raw === '' ? undefined : JSON.parse(raw)
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body
    }
    this.requests.push(request)
    const identity = this.identityOf(req.headers)

    const fault = this.faultFor(request)
    if (fault) {
      const message = fault.message ?? (fault.status === 429 ? 'Too Many Requests' : 'Forbidden')
      send(
        res,
        fault.status,
        { message, documentation_url: DOCS, status: String(fault.status) },
        fault.headers
      )
      return
    }

    // A GraphQL query reads; only the REST writes are refused for a read-only token.
    const isWrite = method !== 'GET' && url.pathname !== '/graphql'
    if (this.forbid === 'all' || (this.forbid === 'writes' && isWrite)) {
      send(res, 403, {
        message: 'Resource not accessible by integration',
        documentation_url: DOCS,
        status: '403'
      })
      return
    }

    const input = (body ?? {}) as Record<string, unknown>
    if (url.pathname === '/user' && method === 'GET') {
      if (identity.kind === 'installation')
        return send(res, 403, {
          message: 'Resource not accessible by integration',
          documentation_url: `${DOCS}/users/users#get-the-authenticated-user`,
          status: '403'
        })
      return send(res, 200, userJson(identity.user))
    }
    if (url.pathname === '/graphql' && method === 'POST') {
      const query = typeof input['query'] === 'string' ? input['query'] : ''
      if (/^\s*(query\s*)?\{\s*viewer\s*\{\s*login\s*\}\s*\}\s*$/.test(query))
        return send(res, 200, { data: { viewer: { login: identity.user.login } } })
      return send(res, 200, { errors: [{ message: `the fake does not answer: ${query}` }] })
    }
    let m: RegExpExecArray | null
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname))) {
      const [, repository = '', issue = ''] = m
      if (method === 'GET') return this.listComments(res, url, repository, Number(issue))
      if (method === 'POST') {
        if (typeof input['body'] !== 'string') return validationFailed(res, 'body')
        const comment = this.addComment(repository, Number(issue), input['body'], identity.user)
        return send(res, 201, this.commentJson(comment))
      }
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname))) {
      const [, repository = '', id = ''] = m
      const comment = this.comments.find((c) => c.repository === repository && c.id === Number(id))
      if (method === 'PATCH' && comment !== undefined) {
        if (typeof input['body'] !== 'string') return validationFailed(res, 'body')
        // An app may edit only its own comments; a person with write access may edit any.
        if (identity.kind === 'installation' && comment.user.login !== identity.user.login)
          return send(res, 403, {
            message: 'Resource not accessible by integration',
            documentation_url: DOCS,
            status: '403'
          })
        comment.body = input['body']
        comment.updated_at = this.tick()
        return send(res, 200, this.commentJson(comment))
      }
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/check-runs(?:\/(\d+))?$/.exec(url.pathname))) {
      const [, repository = '', id] = m
      if (method === 'POST' && id === undefined) return this.createCheckRun(res, repository, input)
      const run = this.checkRuns.find((r) => r.repository === repository && r.id === Number(id))
      if (method === 'PATCH' && run !== undefined) return this.updateCheckRun(res, run, input)
    }
    send(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' })
  }

  private identityOf(headers: IncomingHttpHeaders): FakeIdentity {
    const token = /^(?:token|bearer)\s+(.+)$/i.exec(headers.authorization ?? '')?.[1] ?? ''
    return this.identities[token] ?? GITHUB_TOKEN_IDENTITY
  }

  private faultFor(request: RecordedRequest): FakeFault | undefined {
    for (const fault of this.faults) {
      if (fault.method !== undefined && fault.method !== request.method) continue
      if (!fault.path.test(request.path) || (fault.when && !fault.when(request))) continue
      const seen = (fault.seen ?? 0) + 1
      fault.seen = seen
      const skip = fault.skip ?? 0
      if (seen > skip && (fault.times === undefined || seen <= skip + fault.times)) return fault
    }
    return undefined
  }

  private listComments(res: ServerResponse, url: URL, repository: string, issue: number): void {
    const all = this.commentsOn(issue, repository)
    const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page') ?? 30) || 30, 1), 100)
    const lastPage = Math.max(1, Math.ceil(all.length / perPage))
    const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1)
    const pageUrl = (n: number): string => {
      const link = new URL(url.pathname, this.baseUrl)
      link.searchParams.set('per_page', String(perPage))
      link.searchParams.set('page', String(n))
      return link.toString()
    }
    const links: string[] = []
    if (page > 1) links.push(`<${pageUrl(page - 1)}>; rel="prev"`, `<${pageUrl(1)}>; rel="first"`)
    if (page < lastPage) {
      links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(lastPage)}>; rel="last"`)
    }
    const slice = all.slice((page - 1) * perPage, page * perPage)
    send(
      res,
      200,
      slice.map((c) => this.commentJson(c)),
      links.length > 0 ? { link: links.join(', ') } : {}
    )
  }

  private createCheckRun(
    res: ServerResponse,
    repository: string,
    input: Record<string, unknown>
  ): void {
    if (typeof input['name'] !== 'string') return validationFailed(res, 'name')
    if (typeof input['head_sha'] !== 'string') return validationFailed(res, 'head_sha')
    const invalid = invalidCheckRunOutput(input)
    if (invalid) return validationFailed(res, invalid)
    const run: FakeCheckRun = {
      id: this.nextId++,
      repository,
      name: input['name'],
      head_sha: input['head_sha'],
      status: typeof input['status'] === 'string' ? input['status'] : 'queued',
      conclusion: typeof input['conclusion'] === 'string' ? input['conclusion'] : null,
      output: {},
      annotations: []
    }
    this.checkRuns.push(run)
    this.applyCheckRunInput(run, input)
    send(res, 201, this.checkRunJson(run))
  }

  private updateCheckRun(
    res: ServerResponse,
    run: FakeCheckRun,
    input: Record<string, unknown>
  ): void {
    const invalid = invalidCheckRunOutput(input)
    if (invalid) return validationFailed(res, invalid)
    this.applyCheckRunInput(run, input)
    send(res, 200, this.checkRunJson(run))
  }

  private applyCheckRunInput(run: FakeCheckRun, input: Record<string, unknown>): void {
    if (typeof input['status'] === 'string') run.status = input['status']
    if (typeof input['conclusion'] === 'string') {
      run.conclusion = input['conclusion']
      run.status = 'completed'
    }
    const output = input['output'] as Record<string, unknown> | undefined
    if (output === undefined) return
    for (const field of ['title', 'summary', 'text'] as const) {
      const value = output[field]
      if (typeof value === 'string') run.output[field] = value
    }
    if (Array.isArray(output['annotations'])) run.annotations.push(...output['annotations'])
  }

  private commentJson(c: FakeComment): object {
    const [owner = ''] = c.repository.split('/')
    return {
      id: c.id,
      node_id: `IC_${c.id}`,
      url: `${this.baseUrl}/repos/${c.repository}/issues/comments/${c.id}`,
      html_url: c.html_url,
      issue_url: `${this.baseUrl}/repos/${c.repository}/issues/${c.issueNumber}`,
      body: c.body,
      user: userJson(c.user),
      created_at: c.created_at,
      updated_at: c.updated_at,
      author_association: c.user.login === owner ? 'OWNER' : 'NONE'
    }
  }

  private checkRunJson(run: FakeCheckRun): object {
    return {
      id: run.id,
      name: run.name,
      head_sha: run.head_sha,
      status: run.status,
      conclusion: run.conclusion,
      html_url: `https://github.com/${run.repository}/runs/${run.id}`,
      output: { ...run.output, annotations_count: run.annotations.length }
    }
  }
}

function userJson(user: GitHubUser): object {
  return { login: user.login, id: user.login.length, type: user.type }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function send(
  res: ServerResponse,
  status: number,
  json: unknown,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(json))
}

function validationFailed(res: ServerResponse, field: string): void {
  send(res, 422, {
    message: 'Validation Failed',
    errors: [{ resource: 'Issue', code: 'missing_field', field }],
    documentation_url: DOCS,
    status: '422'
  })
}

/**
 * As GitHub validates check-run output: `title` and `summary` are required once `output` is
 * given, the summary holds at most 65,535 bytes of UTF-8 ("summary exceeds a maximum bytesize
 * of 65535", github/docs#35252), and one request takes at most 50 annotations (422 otherwise).
 */
function invalidCheckRunOutput(input: Record<string, unknown>): string | undefined {
  const output = input['output'] as Record<string, unknown> | undefined
  if (output === undefined) return undefined
  if (typeof output['title'] !== 'string') return 'output.title'
  if (typeof output['summary'] !== 'string') return 'output.summary'
  if (Buffer.byteLength(output['summary'], 'utf8') > 65_535) return 'output.summary'
  const annotations = output['annotations']
  if (Array.isArray(annotations) && annotations.length > 50) return 'output.annotations'
  return undefined
}
