import { AppError } from '../errors/app-error.exception';

export interface FieldProblem {
  field: string;
  message: string;
}

/** The reverse-proxy administration endpoints' coded errors. */
export class ReverseProxyException extends AppError {
  static invalid(fields: FieldProblem[]): ReverseProxyException {
    return new ReverseProxyException('BAD_REQUEST', 400, `Invalid reverse-proxy configuration: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, {
      fields,
    });
  }
  static notFound(domain: string): ReverseProxyException {
    return new ReverseProxyException('REVERSE_PROXY_CONFIG_NOT_FOUND', 404, `No reverse-proxy configuration for ${domain}`);
  }
  static domainConflict(domain: string): ReverseProxyException {
    return new ReverseProxyException('REVERSE_PROXY_DOMAIN_CONFLICT', 409, `A configuration for ${domain} already exists`, { domain });
  }
  static serverNameConflict(serverName: string, usedBy: string): ReverseProxyException {
    return new ReverseProxyException(
      'REVERSE_PROXY_SERVER_NAME_CONFLICT',
      409,
      `The server name ${serverName} is already served by the configuration of ${usedBy}`,
      { serverName, usedBy },
    );
  }
  static revisionConflict(currentRevision: string): ReverseProxyException {
    return new ReverseProxyException(
      'REVERSE_PROXY_REVISION_CONFLICT',
      409,
      'The repository changed since the given revision; list the configurations again and retry',
      { currentRevision },
    );
  }
  static preconditionRequired(): ReverseProxyException {
    return new ReverseProxyException(
      'REVERSE_PROXY_PRECONDITION_REQUIRED',
      428,
      'Send If-Match with the ETag of the configuration (from GET) so that concurrent changes are not lost',
    );
  }
  static preconditionFailed(currentRevision: string): ReverseProxyException {
    return new ReverseProxyException(
      'REVERSE_PROXY_PRECONDITION_FAILED',
      412,
      'The configuration changed since the given revision; fetch it again and reapply the change',
      { currentRevision },
    );
  }
  static repositoryUnavailable(reason: string): ReverseProxyException {
    return new ReverseProxyException('REVERSE_PROXY_REPOSITORY_UNAVAILABLE', 503, `The reverse-proxy configuration repository is unavailable: ${reason}`);
  }
  static templateMalformed(problems: string[]): ReverseProxyException {
    return new ReverseProxyException('REVERSE_PROXY_TEMPLATE_MALFORMED', 503, `The tenant template is malformed: ${problems.join('; ')}`, { problems });
  }
  static verificationFailed(stage: 'parse' | 'nginx', detail: string): ReverseProxyException {
    return new ReverseProxyException(
      'REVERSE_PROXY_VERIFICATION_FAILED',
      503,
      `The rendered configuration failed verification (${stage}) and was rolled back: ${detail}`,
      { stage },
    );
  }
  static busy(): ReverseProxyException {
    return new ReverseProxyException('REVERSE_PROXY_BUSY', 503, 'Another change to the reverse-proxy configuration is still running; retry shortly', {
      retryAfterSeconds: 1,
    });
  }
}
