import AtelierHost

await AtelierCommand.start()
