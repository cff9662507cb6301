import Foundation

/// Runs Python scripts with PyPI packages from .build/pyvenv (made by scripts/pyenv.sh):
/// independent implementations (PyJWT, cryptography) that tests check Herald against.
///
/// When the virtualenv cannot be made (no PyPI), `run` throws an error that says so;
/// the cross-check then fails with that message rather than passing without checking.
public enum PythonTools {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The repository this file is in (tests run from a checkout).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Makes the virtualenv once per test process; the error, if any, is kept.
    private static let setUp: Result<String, Failure> = {
        let python = repositoryRoot.appendingPathComponent(".build/pyvenv/bin/python3").path
        let result = shell(["bash", repositoryRoot.appendingPathComponent("scripts/pyenv.sh").path, "PyJWT", "cryptography", "standardwebhooks", "pyotp"])
        guard result.status == 0, FileManager.default.isExecutableFile(atPath: python) else {
            return .failure(Failure(description: """
                the independent JWT check could not run: scripts/pyenv.sh could not install PyJWT and \
                cryptography from PyPI into .build/pyvenv (\(result.err.trimmingCharacters(in: .whitespacesAndNewlines))). \
                Nothing was verified; connect to PyPI and run 'make test' again.
                """))
        }
        return .success(python)
    }()

    /// Installs `packages` (PyPI names) into the virtualenv too, beyond the default ones; throws
    /// a `Failure` that says nothing was verified when they cannot be installed.
    public static func require(_ packages: [String]) throws {
        _ = try setUp.get()
        let result = shell(["bash", script("pyenv.sh")] + packages)
        guard result.status == 0 else {
            throw Failure(description: """
                the independent check could not run: scripts/pyenv.sh could not install \(packages.joined(separator: ", ")) \
                from PyPI into .build/pyvenv (\(result.err.trimmingCharacters(in: .whitespacesAndNewlines))). \
                Nothing was verified; connect to PyPI and run 'make test' again.
                """)
        }
    }

    /// The virtualenv's python3, made first if it is not there.
    public static func python() throws -> String { try setUp.get() }

    /// The repository's `scripts/NAME`.
    public static func script(_ name: String) -> String { repositoryRoot.appendingPathComponent("scripts/" + name).path }

    /// Runs `script` (Python source) with `arguments`; returns its standard output.
    public static func run(_ script: String, _ arguments: [String]) throws -> String {
        let python = try setUp.get()
        let result = shell([python, "-c", script] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "python exited \(result.status): \(result.err)")
        }
        return result.out
    }

    public static func shell(_ command: [String]) -> (status: Int32, out: String, err: String) {
        do {
            let output = try ChildProcess.run(command[0], Array(command.dropFirst()))
            return (output.status, output.out, output.err)
        } catch {
            return (127, "", "\(error)")
        }
    }
}
