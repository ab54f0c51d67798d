import Kernel
import NIOSSL

extension TLSFiles {
    /// The server's TLS configuration from the two files.
    ///
    /// - Throws: `CommandFailure` naming the file that cannot be read as PEM.
    func serverConfiguration() throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificate)
        } catch {
            throw CommandFailure("The certificate \(certificate) cannot be read as PEM: \(error)")
        }
        guard !chain.isEmpty else { throw CommandFailure("The certificate file \(certificate) holds no certificate.") }
        let privateKey: NIOSSLPrivateKey
        do {
            privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
        } catch {
            throw CommandFailure("The key \(key) cannot be read as a PEM private key: \(error)")
        }
        return TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) },
            privateKey: .privateKey(privateKey)
        )
    }
}
