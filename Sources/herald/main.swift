import Foundation
import HeraldCLI

exit(await HeraldCLI.run(Array(CommandLine.arguments.dropFirst())))
